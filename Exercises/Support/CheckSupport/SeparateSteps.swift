/// Three changes, each in a step of its own, close together, that a display must show one by one
/// (30's display, 31's face). The steps are apart by turns of the main actor, not by time: after
/// each change the check yields the main actor `turns` times, so every job already queued there
/// runs before the next change. A fair display queues its next look as the change comes (its
/// `onChange` starts a main-actor task; an `AsyncStream` or `Observations` loop is resumed onto
/// the main actor) and has read and registered again within one turn (measured: one, for each
/// catalogued alternative of 30 and 31, on two CPUs and on one beside a busy process). A display
/// that waits for a timer before it looks (a debounce of any length, a throttle) has not: the
/// changes between merge. A gap of time, as before (40 ms), let a debounce shorter than it pass.
/// Where the answer's timers can be kept back (`TimerHold`, Linux), they are, from the first change
/// until the third is made: a display that sleeps before it looks, however briefly, cannot look
/// between the changes on any machine (a debounce of 50 µs passed while four turns took 0.1 ms),
/// and a try that showed each decides. Elsewhere a turn takes microseconds, but a busy machine can
/// stall the check between two: a try whose changes were each within `closeEnough` of the one
/// before decides that each was shown, so a debounce of that or longer never passes; a slower try
/// that showed each decides nothing. Up to five tries, decided by the first that decides, or by the
/// third that loses one (a fair display loses none). `told` is false when no try decided, all
/// showing each.
@MainActor
func separateSteps<Value: Equatable & Sendable>(
    change: () -> Value, shown: () async -> [Value]
) async -> (set: [Value], shown: [Value], span: Duration, told: Bool) {
    let turns = 4
    var losses: [(set: [Value], shown: [Value], span: Duration)] = []
    var closest: (set: [Value], shown: [Value], span: Duration, widest: Duration)?
    for _ in 0..<5 {
        var set: [Value] = []
        let first = ContinuousClock.now
        var last = first
        var widest = Duration.zero
        let timersHeld = TimerHold.beginHolding()
        for step in 0..<3 {
            if step > 0 {
                for _ in 0..<turns { await Task.yield() }
                widest = max(widest, last.duration(to: .now))
            }
            last = .now
            set.append(change())
        }
        let span = first.duration(to: last)
        if timersHeld { TimerHold.letGo() }
        let seen = await shown()
        if seen != set {
            losses.append((set, seen, span))
            if losses.count == 3 { break }
        } else if timersHeld || widest < closeEnough {
            return (set, seen, span, true)
        } else if closest.map({ widest < $0.widest }) ?? true {
            closest = (set, seen, span, widest)
        }
    }
    if let lost = losses.last { return (lost.set, lost.shown, lost.span, true) }
    return (closest?.set ?? [], closest?.shown ?? [], closest?.span ?? .zero, false)
}

/// How close the changes of a deciding try come (see separateSteps): a display that waits this
/// long or longer before it looks never shows each of them.
let closeEnough = Duration.milliseconds(10)

/// Why changes made in separate steps, close together (see separateSteps), were not each
/// shown by a `viewer` (30's display, 31's face): by what it showed, the advice for a debounce,
/// a throttle or anything else. `lastOnly` names what a debounce showed; `otherwise` ends the
/// advice for the rest.
func separateStepsProblem<Value: Equatable & CustomStringConvertible>(
    set: [Value], shown: [Value], viewer: String, lastOnly: String, otherwise: String
) -> String {
    let lost = set.filter { !shown.contains($0) }.map(\.description).joined(separator: " and ")
    if shown.isEmpty { return "nothing was shown: register again after each change" }
    if shown == Array(set.suffix(1)) {
        return
            "\(lastOnly) was shown (three tries): \(lost) lost. A \(viewer) that waits before it reads merges separate changes; read and register again as soon as each change comes"
    }
    if shown.allSatisfy(set.contains) && shown.count < set.count {
        return
            "only \(shown) were shown (three tries): \(lost) lost. A \(viewer) that shows at most once in a while, or waits before it reads, drops changes that come meanwhile; read and register again as soon as each change comes"
    }
    return "showed \(shown): \(otherwise)"
}
