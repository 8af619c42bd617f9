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

    @Test func theDefaultReadsTheUsableCPUs() {
        expectEqual(GradingWidth.builds(), max(2, UsableCPUs.count))
        let batch = BatchGrading(root: TestLab.root)
        expectEqual(batch.buildWorkers, GradingWidth.builds())
        expectEqual(batch.runWorkers, 2 * GradingWidth.builds())
    }
}
