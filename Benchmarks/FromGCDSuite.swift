import LabBench
import LabCore
import LabTrace
import Lessons

/// One add to the favourites, through the GCD original (a serial queue and a completion
/// handler, awaited through a continuation) and through the actor that replaces it.
enum FromGCDSuite {
    /// A fresh store every so often, so a long run does not time an ever-growing array.
    static let addsPerStore = 1024

    static func suite() -> BenchmarkSuite {
        BenchmarkSuite(
            name: "serial queue vs actor", kind: .pattern,
            summary:
                "one add to the favourites from a task: a serial DispatchQueue with a completion handler, awaited through a continuation, vs an actor call (the from-gcd lesson)",
            reference: "serial queue",
            variants: [
                BenchmarkVariant("serial queue") { iterations in
                    var store = QueueGuardedFavorites()
                    for index in 0..<iterations {
                        if index % addsPerStore == 0 { store = QueueGuardedFavorites() }
                        let queue = store
                        BlackHole.consume(
                            await withCheckedContinuation { continuation in
                                queue.add("photo") { continuation.resume(returning: $0) }
                            })
                    }
                },
                BenchmarkVariant("actor") { iterations in
                    var store = FavoritesStore()
                    for index in 0..<iterations {
                        if index % addsPerStore == 0 { store = FavoritesStore() }
                        BlackHole.consume(await store.add("photo"))
                    }
                },
            ])
    }
}
