import Foundation
import LabCore

/// A loop of `operations`, timed, its mallocs and bytes counted (nil where allocations are
/// not counted): what the lessons' cost variants (async-let's child-cost, continuations'
/// check-cost) measure, print and narrate.
public struct CountedRun: Sendable, Equatable {
    public var operations: Int
    public var mallocs: Int?
    public var bytes: Int?
    public var seconds: Double

    public init(operations: Int, mallocs: Int?, bytes: Int?, seconds: Double) {
        self.operations = operations
        self.mallocs = mallocs
        self.bytes = bytes
        self.seconds = seconds
    }

    var mallocsPerOperation: Double? { mallocs.map { Double($0) / Double(operations) } }
    var bytesPerOperation: Double? { bytes.map { Double($0) / Double(operations) } }
    var secondsPerOperation: Double { seconds / Double(operations) }

    /// Under this many mallocs per operation, a loop "allocated none per operation": what is
    /// left is other threads' allocations (the executor starting a thread, say) spread over
    /// thousands of operations; a loop that allocates per operation makes at least one each.
    static let none = 0.25

    /// A per-operation count for a sentence: "none", "4", "5.15".
    static func words(_ perOperation: Double) -> String {
        perOperation < none ? "none" : perOperation.formatted(significantDigits: 3)
    }

    /// Runs `body`, which does `operations` operations and returns a value to keep alive,
    /// timing it and counting what the process allocated meanwhile.
    static func measure(operations: Int, isolation: isolated (any Actor)? = #isolation, _ body: () async -> Int) async
        -> CountedRun
    {
        let clock = ContinuousClock()
        let start = clock.now
        let (kept, counted) = await AllocationCounter.counting { await body() }
        let seconds = start.duration(to: clock.now).seconds
        BlackHole.consume(kept)
        return CountedRun(operations: operations, mallocs: counted?.mallocs, bytes: counted?.bytes, seconds: seconds)
    }

    /// The table's cells after the row's name: mallocs, per operation, bytes per operation, time per operation.
    var cells: [String] {
        [
            mallocs.map { $0.formatted() } ?? "–",
            mallocsPerOperation.map { $0.formatted(significantDigits: 3) } ?? "–",
            bytesPerOperation.map { "\(Int($0.rounded())) B" } ?? "–", secondsPerOperation.formattedAsDuration,
        ]
    }
}
