import LabCore

/// What a run reads about the machine besides its samples: the executor's width (which blocks
/// the pool's threads for a moment, on purpose: that is what it measures) and, in each gap
/// between measurements, the core-to-core handoff (two threads spinning, up to
/// `HandoffProbe.readingBudget` a reading).
///
/// One value, so that a test about something else can give stand-ins that answer at once:
/// beside the rest of a parallel `swift test` the real handoff readings spun about 10 s of CPU
/// (`perf record -a`), most of it readings that gave up because the other tests held the CPUs.
struct MachineProbes: Sendable {
    var executorWidth: @Sendable () async -> Int
    /// One gap's readings (`HandoffProbe.readGap`).
    var handoffGap: @Sendable () async -> [Double]

    static let live = MachineProbes(
        executorWidth: { await ExecutorProbe.measureWidth() },
        // Spinning, on a thread of its own: on the cooperative pool a reading would hold one of
        // its few threads for as long as it spins.
        handoffGap: { await OnAThreadOfItsOwn.blockingWork(named: "handoff probe") { HandoffProbe.readGap() } })
}
