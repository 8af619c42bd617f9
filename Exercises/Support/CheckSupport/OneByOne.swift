/// A long run of changes, each in a step of its own, each waited for until the viewer has shown it
/// (30's display, 31's face). A fair viewer registers again after every change, however many there
/// are; one that registers again only so many times stops showing (one that stopped after a dozen
/// passed while the checks made 7 to 21 changes). How many is drawn anew each run: in the hundreds
/// (30), past a thousand (31).
/// Each change is looked for over a few turns of the main actor first (a fair display has shown it
/// after one), then every millisecond until `patience` is over: a busy machine shows a change late,
/// not never. The run stops at the first change not shown, or not shown as it should be, and once
/// it has taken `timeBudget`: a display that waits 100 ms before each look would take half a minute.
@MainActor
func changesOneByOne<Value: Equatable & Sendable>(
    count: Int, patience: Duration, timeBudget: Duration, change: () -> Value, shown: () -> [Value]
) async -> OneByOne<Value> {
    let start = ContinuousClock.now
    for changesMade in 1...count {
        if start.duration(to: .now) > timeBudget {
            return OneByOne(changesMade: changesMade - 1, planned: count, last: nil, shownForIt: [], timeTaken: start.duration(to: .now))
        }
        let value = change()
        var seen: [Value] = []
        let deadline = ContinuousClock.now + patience
        var turns = 0
        while seen.isEmpty && ContinuousClock.now < deadline {
            if turns < 8 {
                turns += 1
                await Task.yield()
            } else {
                try? await Task.sleep(for: .milliseconds(1))
            }
            seen += shown()
        }
        if seen != [value] {
            return OneByOne(changesMade: changesMade, planned: count, last: value, shownForIt: seen, timeTaken: start.duration(to: .now))
        }
    }
    return OneByOne(changesMade: count, planned: count, last: nil, shownForIt: [], timeTaken: start.duration(to: .now))
}

/// How a run of `changesOneByOne` went: the changes made of those planned (`changesMade`), the one it stopped at
/// (`last`, nil when every change made was shown once, as it came) with what was shown for it, and
/// how long the run took (`timeTaken`).
struct OneByOne<Value: Equatable & Sendable> {
    let changesMade: Int
    let planned: Int
    let last: Value?
    let shownForIt: [Value]
    let timeTaken: Duration
    /// Every change planned was made, and each was shown once, as it came.
    var shownEach: Bool { last == nil && changesMade == planned }
    /// Each change made was shown, but the time budget ran out before all were made.
    var outOfTime: Bool { last == nil && changesMade < planned }
}
