/// How available the main actor stayed while `body` ran on it: a heartbeat on the main
/// actor (a loop of `Task.yield()`) records a beat each time it gets the actor. The longest
/// gap between beats is the longest the UI could not have drawn.
///
/// Not a Task.sleep frame loop: on Linux a sleeping task is woken through the global
/// executor, so CPU work that fills its threads (a task group on 2 cores) would stall the
/// frames while the main actor itself was free.
struct Responsiveness {
    let worstGap: Double
    let beats: Int
    let seconds: Double

    var worstGapMilliseconds: Int { Int(worstGap * 1000) }

    @MainActor
    private final class Heart {
        var beats: [ContinuousClock.Instant] = []
        var running = true
    }

    @MainActor
    static func during(_ body: @MainActor () async -> Void) async -> Responsiveness {
        let heart = Heart()
        let beating = Task { @MainActor in
            while heart.running {
                heart.beats.append(.now)
                await Task.yield()
            }
        }
        await Task.yield()
        let start = ContinuousClock.now
        await body()
        let end = ContinuousClock.now
        heart.running = false
        await beating.value
        let during = [start] + heart.beats.filter { $0 > start && $0 < end } + [end]
        let gaps = zip(during.dropFirst(), during).map { $0.0 - $0.1 }.map(\.seconds)
        return Responsiveness(worstGap: gaps.max() ?? 0, beats: during.count - 2, seconds: (end - start).seconds)
    }
}
