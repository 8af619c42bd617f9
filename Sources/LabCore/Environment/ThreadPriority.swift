import Foundation

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

    /// Linux: whether the kernel lets this process set a thread's nice value below 0, found by
    /// asking it: a thread started for the trial sets its own nice to -1 (or finds itself below 0
    /// already) and ends, so no thread the process uses is changed. Capabilities read from
    /// /proc/self/status are no answer: inside a user namespace (a rootless container, `unshare
    /// --user`) CapEff lists CAP_SYS_NICE while the kernel refuses a negative nice. Nil elsewhere.
    public static func mayGoBelowNiceZero() async -> Bool? {
        #if os(Linux)
            await OnAThreadOfItsOwn.blockingWork(named: "lab.nice-trial") { triedBelowNiceZero() }
        #else
            nil
        #endif
    }

    #if os(Linux)
        /// On the calling thread: whether its nice is, or may be set, below 0. A thread raised to
        /// -1 is put back where it was (raising a nice value never needs a right).
        static func triedBelowNiceZero() -> Bool {
            let which = __priority_which_t(PRIO_PROCESS.rawValue)
            errno = 0
            let before = getpriority(which, 0)
            let read = errno == 0  // -1 is both a nice value and getpriority's error
            if read, before < 0 { return true }
            guard setpriority(which, 0, -1) == 0 else { return false }
            _ = setpriority(which, 0, read ? before : 0)
            return true
        }
    #endif

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
