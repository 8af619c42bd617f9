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

    /// Linux: whether this process may set a thread's nice value below 0, read from what the
    /// kernel permits it (the CAP_SYS_NICE capability, or an RLIMIT_NICE that allows it); nil
    /// elsewhere, or when neither could be read.
    public static var mayGoBelowNiceZero: Bool? {
        #if os(Linux)
            var limit = rlimit()
            // RLIMIT_NICE's ceiling is 20 - nice: above 20 allows a negative nice.
            let byLimit =
                getrlimit(__rlimit_resource_t(__RLIMIT_NICE.rawValue), &limit) == 0 ? limit.rlim_cur > 20 : nil
            return capabilities(holding: 23) == true || byLimit == true ? true : (byLimit == nil ? nil : false)
        #else
            return nil
        #endif
    }

    #if os(Linux)
        /// Whether the effective capability `bit` is set (23 is CAP_SYS_NICE), from /proc/self/status.
        static func capabilities(holding bit: Int) -> Bool? {
            guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("CapEff:") }),
                let mask = UInt64(line.dropFirst("CapEff:".count).trimmingCharacters(in: .whitespaces), radix: 16)
            else { return nil }
            return mask & (1 << UInt64(bit)) != 0
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
