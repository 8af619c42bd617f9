import Foundation
import LabBench
import Thumbnails

// Your benchmarks: suites of variants over your own code, handed to the harness. The program
// takes `lab bench`'s whole command line: try `--help`, `--quick`, `--format html`.

/// A pattern suite: a whole batch per run, one at a time against a task group, with the ideal
/// worked out from a measurement (one thumbnail's time × images ÷ cores).
func thumbnailSuite() -> BenchmarkSuite {
    let images = (0..<32).map { Image.pattern(width: 512, height: 512, seed: $0) }
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let clock = ContinuousClock()
    let one = (0..<20).map { _ in clock.measure { blackHole(images[0].thumbnail(factor: 8)) } }.min() ?? .zero
    let total = Double(images.count) * (Double(one.components.attoseconds) / 1e18 + Double(one.components.seconds))
    return BenchmarkSuite(
        name: "thumbnails", kind: .pattern,
        summary: "32 thumbnails of 512 × 512 images, ⅛ the size",
        reference: "one at a time",
        ideal: Ideal(seconds: total / Double(cores), reason: "32 × one thumbnail's fastest time ÷ \(cores) cores"),
        variants: [
            BenchmarkVariant("one at a time") { runs in
                for _ in 0..<runs { blackHole(ThumbnailMaker.oneAtATime(images, factor: 8)) }
            },
            BenchmarkVariant("task group") { runs in
                for _ in 0..<runs { blackHole(await ThumbnailMaker.taskGroup(images, factor: 8)) }
            },
        ])
}

/// A primitive suite: one cache lookup per operation, many per sample; allocs/op included.
func cacheSuite() -> BenchmarkSuite {
    let actorCache = ActorThumbnailCache()
    let mutexCache = MutexThumbnailCache()
    return BenchmarkSuite(
        name: "cache lookup", kind: .primitive,
        summary: "look up a stored thumbnail's size: an actor against a Mutex-guarded class",
        reference: "actor",
        // The CI gate (`--compare`): a lookup must not start allocating, nor hop more often
        // (an actor lookup is 2 executor switches: in and back); its time may grow 10%.
        thresholds: [
            .count(.mallocs, absolute: 0.05), .count(.hops, absolute: 0.5), .time(percent: 10),
        ],
        variants: [
            BenchmarkVariant("actor") { lookups in
                await actorCache.store(64, for: "moon")
                var found = 0
                for _ in 0..<lookups { found &+= await actorCache.size(of: "moon") ?? 0 }
                blackHole(found)
            },
            BenchmarkVariant("Mutex") { lookups in
                mutexCache.store(64, for: "moon")
                var found = 0
                for _ in 0..<lookups { found &+= mutexCache.size(of: "moon") ?? 0 }
                blackHole(found)
            },
        ])
}

/// Keeps a result alive so the optimizer cannot skip the work that made it.
@inline(never) func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

await BenchmarkProgram.main([thumbnailSuite(), cacheSuite()])
