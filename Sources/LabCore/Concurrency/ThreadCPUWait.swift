#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How long the calling thread has spent ready to run but waiting for a CPU: Linux's
/// run-queue time (the second field of /proc/thread-self/schedstat). A job that starts late
/// on a free actor waited here: its thread was runnable and the OS ran other threads. macOS
/// does not publish it, so there `now()` is nil and a lesson says the wait was not explained.
/// `package`, not public: the lab's own modules read it; an exercise's answer has no use for it.
package struct ThreadCPUWait: Sendable, Equatable {
    /// The thread the reading is of: two readings compare only on one thread.
    package let thread: UInt64
    /// Run-queue time since the thread started, in seconds.
    package let seconds: Double

    package init(thread: UInt64, seconds: Double) {
        self.thread = thread
        self.seconds = seconds
    }

    /// The calling thread's reading, or nil where the OS does not give one.
    package static func now() -> ThreadCPUWait? {
        #if os(Linux)
            // open/read, not Foundation: the reading sits in a timed path and must cost microseconds.
            let descriptor = open("/proc/thread-self/schedstat", O_RDONLY)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var buffer = [UInt8](repeating: 0, count: 128)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            return parse(String(decoding: buffer[..<count], as: UTF8.self)).map {
                ThreadCPUWait(thread: currentThreadID(), seconds: $0)
            }
        #else
            return nil
        #endif
    }

    /// The seconds this thread waited for a CPU after `earlier`; nil if `earlier` is another thread's.
    package func since(_ earlier: ThreadCPUWait?) -> Double? {
        guard let earlier, earlier.thread == thread else { return nil }
        return Swift.max(0, seconds - earlier.seconds)
    }

    /// "running-ns waiting-ns timeslices" → the waiting time in seconds.
    static func parse(_ schedstat: String) -> Double? {
        let fields = schedstat.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard fields.count >= 2, let nanoseconds = UInt64(fields[1]) else { return nil }
        return Double(nanoseconds) / 1e9
    }
}
