import CheckChannel

/// The timers the answer's tasks arm (a `Task.sleep`, a clock's sleep), as the channel sees them
/// where the runtime arms them through the program's definitions of libdispatch's calls (Linux;
/// see CheckChannel.h): what tells a task of the answer's woken on the pool by a sleep's end from
/// one woken by the event it awaited (a continuation resumed by a callback, a task's end).
enum AnswerTimers {
    /// Every timer armed through the channel, by anyone: the check's own sleep arms one, so a count
    /// that stays put across it says the runtime's timers do not come here (macOS).
    static var armedHere: Int { Int(lab_check_timers_armed()) }

    /// The answer's timers whose firing the pool watch cannot tell: a sleep with a tolerance (a
    /// repeating source), or a one-shot timer armed while too many others waited to fire.
    static var outOfSight: Int { Int(lab_check_timers_out_of_sight()) }
}

extension PoolWakes {
    /// As `mark()`, with how many of those wakes a one-shot timer of the answer's handed over (its
    /// sleep ended) where the channel sees the answer's timers, else 0.
    static func markCountingTimers() -> (woken: Int, byTimers: Int) {
        var byTimers: UInt64 = 0
        let woken = lab_check_pool_mark_counting_timers(&byTimers)
        return (Int(woken), Int(byTimers))
    }
}
