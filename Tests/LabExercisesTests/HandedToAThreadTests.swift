import Foundation
import Testing

@testable import LabExercises

/// 28's check counts the fetches that ran outside loadWall's tasks: those in tasks a thread's own
/// code started (`TaskOrigin`, from the channel's view of each task's making), not those in a
/// `Task.detached` that loadWall's own task made and awaits, which a task-local alone could not
/// tell apart (helper 179). Graded without the scan, which refuses the queue on its own.
@Suite("28 tells a fetch handed to a queue's thread from one in a detached task")
struct HandedToAThreadTests {
    static let exercise = TestLab.catalog.exercise(named: "28")!

    /// Every day's fetch in a task a global queue's block starts, its title handed back through a
    /// continuation: nothing waits, so only where the task was made tells it.
    static let handedToAQueue = """
        import Dispatch
        import Foundation
        import LabScenarios

        func loadWall(days: [Date], from service: any SpacePhotosService) async -> [String] {
            await withTaskGroup(of: (Int, String).self) { group in
                for (index, day) in days.enumerated() {
                    group.addTask {
                        await withCheckedContinuation { continuation in
                            DispatchQueue.global().async {
                                Task { continuation.resume(returning: (index, (try? await service.photo(for: day).title) ?? "?")) }
                            }
                        }
                    }
                }
                var titles = Array(repeating: "?", count: days.count)
                for await (index, title) in group { titles[index] = title }
                return titles
            }
        }

        """

    /// A detached task per day, each awaiting its fetch, awaited in the days' order.
    static let detached = """
        import Foundation
        import LabScenarios

        func loadWall(days: [Date], from service: any SpacePhotosService) async -> [String] {
            let fetches = days.map { day in Task.detached { (try? await service.photo(for: day).title) ?? "?" } }
            var titles: [String] = []
            for fetch in fetches { titles.append(await fetch.value) }
            return titles
        }

        """

    @Test func aQueuesTaskIsOutsideAndADetachedTaskOfLoadWallsIsNot() async throws {
        let (folder, files) = try BatchGradingTests.answers(["queue": Self.handedToAQueue, "detached": Self.detached])
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcomes = await BatchGrading(root: BatchGradingTests.root).grade(
            ["detached", "queue"].map { BatchGrading.Answer(exercise: Self.exercise, source: files[$0]!, scan: false) })
        expect(outcomes[0].passed, "the detached tasks: \(outcomes[0].messages) \(outcomes[0].details)")
        #if os(Linux)
            // Where the channel sees each task made (Linux, measured here).
            expect(!outcomes[1].passed, "the queue's tasks: \(outcomes[1].messages)")
            expectContains(
                outcomes[1].messages.joined(separator: "\n"),
                "ran outside loadWall's tasks, in tasks a thread's own code started", "\(outcomes[1].messages)")
        #endif
    }
}
