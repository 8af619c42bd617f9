import Dispatch
import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// The GCD original: a serial queue guards the favourites, and callers hear back in a
/// completion handler.
/// `@unchecked Sendable` because that is the pattern being replaced: the queue makes it safe by
/// discipline (every access inside `queue.async`), which no compiler checks; the actor below does.
public final class QueueGuardedFavorites: @unchecked Sendable {
    private let queue = DispatchQueue(label: "favorites")
    private var favorites: [String] = []

    public init() {}

    public func add(_ name: String, completion: @escaping @Sendable (Int) -> Void) {
        queue.async {
            self.favorites.append(name)
            completion(self.favorites.count)
        }
    }
}

/// The same state as an actor: the compiler now refuses any access from outside its isolation.
public actor FavoritesStore {
    private var favorites: [String] = []

    public init() {}

    public func add(_ name: String) -> Int {
        favorites.append(name)
        return favorites.count
    }
}

/// A serial queue guarding state → an actor, with the same many concurrent callers.
enum SerialQueueVariant {
    static let callers = 8
    static let addsPerCaller = 250

    static let variant = LessonVariant("serial-queue", title: "A serial queue guarding state → an actor") {
        context in
        let console = context.console
        console.paragraph(
            "The photo app keeps favourites behind a serial DispatchQueue, with a completion handler for each add. We move it to an actor and let \(callers) tasks add \(addsPerCaller) photos each to both, at once."
        )
        let clock = ContinuousClock()
        let queue = QueueGuardedFavorites()
        var start = clock.now
        let queueCount = await withTaskGroup(of: Int.self) { group in
            for caller in 0..<callers {
                group.addTask {
                    var last = 0
                    for index in 0..<addsPerCaller {
                        last = await withCheckedContinuation { continuation in
                            queue.add("photo-\(caller)-\(index)") { continuation.resume(returning: $0) }
                        }
                    }
                    return last
                }
            }
            var most = 0
            for await last in group { most = max(most, last) }
            return most
        }
        let queueSeconds = (clock.now - start).seconds
        let actor = FavoritesStore()
        start = clock.now
        let actorCount = await withTaskGroup(of: Int.self) { group in
            for caller in 0..<callers {
                group.addTask {
                    var last = 0
                    for index in 0..<addsPerCaller { last = await actor.add("photo-\(caller)-\(index)") }
                    return last
                }
            }
            var most = 0
            for await last in group { most = max(most, last) }
            return most
        }
        let actorSeconds = (clock.now - start).seconds
        let expected = callers * addsPerCaller
        var table = Table(headers: ["guarded by", "favourites kept", "of", "all adds took"], rightAligned: [1, 2, 3])
        table.append([
            "serial DispatchQueue + completion", "\(queueCount)", "\(expected)", queueSeconds.formattedAsDuration,
        ])
        table.append(["actor", "\(actorCount)", "\(expected)", actorSeconds.formattedAsDuration])
        console.table(table)
        context.record("queue_kept", "favourites kept by the queue", count: queueCount)
        context.record("actor_kept", "favourites kept by the actor", count: actorCount)
        context.record("queue_seconds", "all adds through the queue", seconds: queueSeconds)
        context.record("actor_seconds", "all adds through the actor", seconds: actorSeconds)
        context.record("queue_to_actor", "queue time ÷ actor time", ratio: queueSeconds / actorSeconds)
        console.paragraph(
            SerialQueueNarration.sentences(
                queueKept: queueCount, actorKept: actorCount, expected: expected, queueSeconds: queueSeconds,
                actorSeconds: actorSeconds
            ).joined(separator: " "))
    }
}

/// The serial-queue sentences, chosen from the figures (tested for each outcome).
enum SerialQueueNarration {
    static func sentences(queueKept: Int, actorKept: Int, expected: Int, queueSeconds: Double, actorSeconds: Double)
        -> [String]
    {
        var lines: [String] = []
        lines.append(
            queueKept == expected && actorKept == expected
                ? "Both kept all \(expected): the queue was already correct. What changes is who checks it: a method that touches `favorites` outside `queue.async` compiles without a word, and the same slip in the actor is a compile error."
                : "The queue kept \(queueKept) and the actor \(actorKept) of \(expected): one of them lost adds, which neither should."
        )
        let ratio = queueSeconds / actorSeconds
        if ratio > 1.2 {
            lines.append(
                "The actor was also \(ratio.formattedAsRatio) faster here: each queued add paid a hop to the queue's thread and back through a continuation, where an actor call is one hop."
            )
        } else if ratio < 1 / 1.2 {
            lines.append(
                "The queue was faster here (the queue's time is \(ratio.formattedAsRatio) the actor's): with \(expected) tiny adds from a few tasks, the cost is the hops, not the guarding; measure yours with lab bench before deciding for speed."
            )
        } else {
            lines.append(
                "Their times were close (the queue's is \(ratio.formattedAsRatio) the actor's): move for the checking, not for speed."
            )
        }
        return lines
    }
}
