// How long the main actor stays unavailable while CPU work fills the global executor.
// A plain program, outside the lab: run.sh builds it with -O and runs it.
//
// A heartbeat on the main actor (a loop of Task.yield(), as a UI gets work) records each
// time it gets the actor; the longest gap between beats is printed for CPU work spread over
// a task group's children (which can fill every thread of the pool) and for the same work in
// one @concurrent function (one thread).
import Foundation

func burn(seconds: Double) {
    let end = ContinuousClock.now + .seconds(seconds)
    var spins = 0
    while ContinuousClock.now < end { spins &+= 1 }
}

nonisolated func groupOfChildren(_ count: Int, each seconds: Double) async {
    await withTaskGroup(of: Void.self) { group in
        for _ in 0..<count { group.addTask { burn(seconds: seconds) } }
    }
}

@concurrent nonisolated func oneConcurrentFunction(_ count: Int, each seconds: Double) async {
    for _ in 0..<count { burn(seconds: seconds) }
}

@MainActor final class Heartbeat {
    var beats: [ContinuousClock.Instant] = []
    var running = true
}

@MainActor func longestGap(_ body: @MainActor () async -> Void) async -> (gap: Duration, beats: Int) {
    let heart = Heartbeat()
    let beating = Task { @MainActor in
        while heart.running { heart.beats.append(.now); await Task.yield() }
    }
    await Task.yield()
    let start = ContinuousClock.now
    await body()
    let end = ContinuousClock.now
    heart.running = false
    await beating.value
    let during = [start] + heart.beats.filter { $0 > start && $0 < end } + [end]
    return (zip(during.dropFirst(), during).map { $0.0 - $0.1 }.max() ?? .zero, during.count - 2)
}

@main struct MainActorStarvation {
    static func main() async {
        let width = ProcessInfo.processInfo.activeProcessorCount
        print("CPUs: \(width). Each piece of work: 60 ms of CPU.")
        for children in [1, width, 3 * width] {
            let (gap, beats) = await longestGap { await groupOfChildren(children, each: 0.06) }
            print("task group, \(children) children: longest main-actor gap \(gap), \(beats) beats")
        }
        let (gap, beats) = await longestGap { await oneConcurrentFunction(3 * width, each: 0.06) }
        print("one @concurrent function, \(3 * width) pieces: longest main-actor gap \(gap), \(beats) beats")
    }
}
