import LabCore
import Testing

@testable import LabExercises

/// A batch builds as many answers at once as this process may use CPUs, two at least.
@Suite("How many answers a batch builds at once")
struct GradingWidthTests {
    @Test(arguments: [(1, 2), (2, 2), (3, 3), (16, 16)])
    func theUsableCPUsTwoAtLeast(usable: Int, builds: Int) {
        expectEqual(GradingWidth.builds(usable: usable), builds)
    }

    /// `--verify`'s checks: on one CPU as many as before (six workers, twelve checks, CI's one-CPU
    /// lanes), six workers more for each further CPU, 48 at most.
    @Test(arguments: [(1, 6), (2, 12), (3, 18), (8, 48), (64, 48)])
    func verifyRunsSixChecksPerUsableCPU(usable: Int, checks: Int) {
        expectEqual(GradingWidth.verifyChecks(usable: usable), checks)
    }

    @Test func theDefaultReadsTheUsableCPUs() {
        expectEqual(GradingWidth.builds(), max(2, UsableCPUs.count))
        let batch = BatchGrading(root: TestLab.root)
        expectEqual(batch.buildWorkers, GradingWidth.builds())
        expectEqual(batch.runWorkers, 2 * GradingWidth.builds())
    }
}
