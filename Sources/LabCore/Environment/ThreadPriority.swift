#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The operating system's scheduling priority of the calling thread: what a task's
/// priority turns into once the executor has picked a thread for it.
public struct ThreadPriority: Sendable, Equatable, CustomStringConvertible {
    /// Higher runs first. Linux: minus the thread's nice value; Apple platforms: the thread's QoS class.
    public let rank: Int
    public let description: String

    public static var current: ThreadPriority {
        #if canImport(Glibc)
            // Linux keeps a nice value per thread; `who == 0` names the calling thread.
            let nice = Int(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0))
            return ThreadPriority(rank: -nice, description: "nice \(nice)")
        #elseif canImport(Darwin)
            let qos = qos_class_self()
            return ThreadPriority(rank: Int(qos.rawValue), description: "QoS \(Self.name(of: qos))")
        #else
            return ThreadPriority(rank: 0, description: "unknown")
        #endif
    }

    #if canImport(Darwin)
        private static func name(of qos: qos_class_t) -> String {
            switch qos {
            case QOS_CLASS_USER_INTERACTIVE: "user-interactive"
            case QOS_CLASS_USER_INITIATED: "user-initiated"
            case QOS_CLASS_DEFAULT: "default"
            case QOS_CLASS_UTILITY: "utility"
            case QOS_CLASS_BACKGROUND: "background"
            default: "unspecified"
            }
        }
    #endif
}
