import CheckChannel

/// How often synchronous code read the time on the calling thread (see CheckChannel.h): code that
/// waits for a moment by looking at the clock over and over reads it hundreds of times in a few
/// microseconds, however busy the machine; code that only starts work reads it seldom or never.
enum ClockReads {
    /// Whether reads reach the count here (Linux): the check reads a clock itself and looks.
    static var counted: Bool {
        let before = lab_check_clock_reads()
        _ = ContinuousClock.now
        return lab_check_clock_reads() > before
    }

    /// `body`'s result and the times it read the clock on this thread (0 where not counted).
    static func during<T>(_ body: () -> T) -> (result: T, clockReads: Int) {
        let before = lab_check_clock_reads()
        let result = body()
        return (result, Int(lab_check_clock_reads() - before))
    }
}
