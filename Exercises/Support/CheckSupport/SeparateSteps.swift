/// Three changes, each in a step of its own, close together, that a display must show one by one
/// (30's display, 31's face): 40 ms apart by the clock (each made at its moment, so a late wake
/// does not push the next one later), so they span under 95 ms. A display that waits 100 ms before
/// it reads (a debounce) merges them; one that shows at most once per 100 ms (a throttle) loses
/// the middle one; a fair one re-registers within a hop or two of each. A try whose changes a busy
/// machine spread over 95 ms or more tells nothing of a throttle (at 80 ms apart, the catalogued
/// one showed all three), and a try that lost one may be a busy machine's doing: up to five tries,
/// decided by the first that spans under 95 ms and shows each, or by the third that loses one.
/// `told` is false when no try spanned under 95 ms, all showing each.
@MainActor
func separateSteps<Value: Equatable & Sendable>(
    change: () -> Value, shown: () async -> [Value]
) async -> (set: [Value], shown: [Value], span: Duration, told: Bool) {
    let gap = Duration.milliseconds(40)
    var losses: [(set: [Value], shown: [Value], span: Duration)] = []
    var spread: (set: [Value], shown: [Value], span: Duration)?
    for _ in 0..<5 {
        var set: [Value] = []
        let first = ContinuousClock.now
        var last = first
        for step in 0..<3 {
            if step > 0 { try? await Task.sleep(until: first + gap * step) }
            last = .now
            set.append(change())
        }
        let span = first.duration(to: last)
        let seen = await shown()
        if seen != set {
            losses.append((set, seen, span))
            if losses.count == 3 { break }
        } else if span < .milliseconds(95) {
            return (set, seen, span, true)
        } else if spread.map({ span < $0.span }) ?? true {
            spread = (set, seen, span)
        }
    }
    if let lost = losses.last { return (lost.set, lost.shown, lost.span, true) }
    let closest = spread ?? ([], [], .zero)
    return (closest.set, closest.shown, closest.span, false)
}

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
            "only \(shown) were shown (three tries): \(lost) lost. A \(viewer) that shows at most once in a while drops the changes between; read and register again as soon as each change comes"
    }
    return "showed \(shown): \(otherwise)"
}
