import CheckChannel

/// The timers the answer's tasks arm, kept back while the check does something that no timer may
/// take part in (see CheckChannel.h): a task that sleeps meanwhile (`Task.sleep`, a clock's sleep)
/// wakes only once they are let go. The calling task's own timers go on as asked. Linux only.
enum TimerHold {
    /// Starts the hold; false where the runtime's timers cannot be kept back here.
    static func beginHolding() -> Bool { lab_check_timers_hold() == 0 }

    /// Ends the hold, arming each timer kept as it was asked for; how many were kept.
    @discardableResult
    static func letGo() -> Int { Int(lab_check_timers_let_go()) }
}
