import Foundation
import LabConsole
import LabCore
import LabProcesses
import LessonKit

/// A process killed with SIGKILL in the middle of a large transaction: the database opens,
/// passes SQLite's integrity check, and holds exactly the transactions that committed.
enum CrashSafetyVariant {
    static let kills = 5

    /// What one kill left behind.
    struct Trial: Equatable {
        /// Transactions the child said had committed, and the one it had begun last.
        var reportedCommits = 0
        var begun = 0
        var rows = 0
        var integrity = ""

        var transactionsInFile: Int { rows / InventoryChildDemos.rowsPerTransaction }
        /// Whole transactions only, and all the reported ones: one more than reported is a kill
        /// between a COMMIT and the child's note of it.
        var holdsExactlyCommitted: Bool {
            rows % InventoryChildDemos.rowsPerTransaction == 0
                && transactionsInFile >= reportedCommits && transactionsInFile <= max(begun, reportedCommits)
        }
        /// By the child's own log, the kill came after a BEGIN and before its commit was noted.
        var killedInsideATransaction: Bool { begun > reportedCommits }
        var sound: Bool { integrity == "ok" && holdsExactlyCommitted }
    }

    /// Starts the child on a fresh database, kills it `delay` after its first BEGIN, and
    /// reopens the database.
    static func trial(in scratch: InventoryScratch, number: Int, delay: Duration) async throws -> Trial {
        let store = scratch.path("crash-\(number).sqlite")
        let report = scratch.path("crash-\(number).log")
        _ = FileManager.default.createFile(atPath: report, contents: nil)
        let child = try ChildDemo.start(
            "inventory-big-transactions",
            environment: [
                InventoryChildDemos.storeKey: store, InventoryChildDemos.reportKey: report,
            ])
        // The kill's moment is waited for on a thread of its own, not in a task: a task's wake-up
        // waits for a thread of the pool, which a busy program (a test run beside the lesson) can
        // hold for seconds while the child commits on (once, 3 s of the child's CPU in a trial
        // meant to last 14 ms after its first BEGIN; docs/MEASUREMENTS.md).
        await OnAThreadOfItsOwn.blockingWork(named: "kill the child at its moment") {
            let deadline = ContinuousClock.now + .seconds(20)
            while !(log(report).contains("begin 1")), child.isRunning, ContinuousClock.now < deadline {
                usleep(1_000)
            }
            Thread.sleep(forTimeInterval: delay.seconds)
            child.kill()
        }
        _ = try await child.exitStatus()  // suspends; waitUntilExit would hold a pool thread
        var trial = Trial()
        for line in log(report).split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count == 2, let number = Int(parts[1]) else { continue }
            if parts[0] == "begin" {
                trial.begun = number
            } else if parts[0] == "commit" {
                trial.reportedCommits = number
            }
        }
        // Reopening recovers the log and the check reads every page: blocking work, on a thread of its own.
        (trial.integrity, trial.rows) = try await OnAThreadOfItsOwn.blockingWork(named: "reopen after the kill") {
            let database = try InventoryDatabase(path: store, create: false)
            return (try database.integrityCheck(), try database.count())
        }
        return trial
    }

    static func log(_ path: String) -> String {
        String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }

    static let variant = LessonVariant(
        "crash-safety", title: "kill -9 in the middle of a large transaction: the last commit survives, whole"
    ) { context in
        let console = context.console
        console.paragraph(
            """
            A child process adds products in transactions of \(InventoryChildDemos.rowsPerTransaction) \
            rows each, one after another, noting in a log when it begins each and when its COMMIT \
            returned. We kill it with SIGKILL (no chance to clean up) at \(kills) random moments, \
            each on a fresh database, then open the database, run SQLite's integrity check and \
            count the rows. With write-ahead logging a transaction's pages are appended to the \
            log and count only once its commit record is there.
            """)
        let scratch = try InventoryScratch("inventory-crash")
        defer { scratch.remove() }
        var random = SeededRandom(seed: context.options.seed, event: "kill moments")
        var trials: [Trial] = []
        for number in 1...kills {
            let trial = try await trial(
                in: scratch, number: number, delay: .milliseconds(20 + Int(random.next() % 150)))
            trials.append(trial)
            console.output(
                "kill \(number): \(trial.begun > trial.reportedCommits ? "inside transaction \(trial.begun)" : "after commit \(trial.reportedCommits)"); the database holds \(trial.transactionsInFile) whole transaction\(trial.transactionsInFile == 1 ? "" : "s") (\(trial.rows) rows), integrity \(trial.integrity)"
            )
        }
        let sound = trials.filter(\.sound).count
        let inside = trials.filter(\.killedInsideATransaction).count
        context.record("kills", "processes killed", count: kills)
        context.record("inside_transaction", "kills inside a transaction (by the child's log)", count: inside)
        context.record(
            "integrity_ok", "databases that passed the integrity check",
            count: trials.filter { $0.integrity == "ok" }.count)
        context.record(
            "exactly_committed", "databases holding exactly the committed transactions",
            count: trials.filter(\.holdsExactlyCommitted).count)
        context.record("sound", "sound after the kill", count: sound)
        console.paragraph(
            InventoryNarration.crashSafety(
                kills: kills, inside: inside, sound: sound,
                withCommits: trials.filter { $0.transactionsInFile > 0 }.count))
    }
}
