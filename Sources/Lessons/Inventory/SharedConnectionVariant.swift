import Foundation
import LabConsole
import LessonKit

/// Why an actor owns the connection: the same adds, shared without isolation and through the actor.
enum SharedConnectionVariant {
    static let variant = LessonVariant(
        "shared-connection",
        title: "Why an actor owns the connection: one connection, \(SharedConnectionDemo.threads) threads, no isolation"
    ) { context in
        let console = context.console
        let threads = SharedConnectionDemo.threads
        let adds = SharedConnectionDemo.addsEach
        console.paragraph(
            """
            An SQLite connection has one transaction at a time and one "last error", and must not \
            be used by two threads at once. Swift 6 will not let a non-Sendable connection reach \
            two threads, so in a child process (in case it crashes) we hide it from the compiler \
            and let \(threads) threads each add Milk 1 \(adds) times through it. Then the same \
            adds from \(threads) tasks through the store actor, whose one thread runs them in turn.
            """)
        let outcome = try await ChildDemo.launch("inventory-shared-connection", timeout: .seconds(60))
        let line = outcome.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
        let shared = try? JSONDecoder().decode(SharedConnectionDemo.Result.self, from: Data(line.utf8))
        let isolated = try await SharedConnectionDemo.runThroughActor(threads: threads, addsEach: adds)
        if let shared {
            console.output(
                "shared, no isolation: \(shared.succeeded) of \(shared.attempted) adds succeeded, Milk \(shared.milk)")
            for (message, count) in shared.errors.sorted(by: { $0.value > $1.value }).prefix(4) {
                console.output("  \(count)× \(message)")
            }
            context.record("shared_failed", "adds that failed on the shared connection", count: shared.failed)
            context.record("shared_lost", "adds reported saved but missing", count: shared.lost)
            context.record("shared_error_kinds", "different error messages", count: shared.errors.count)
        } else {
            console.output("shared, no isolation: the child \(outcome.summary) without a result")
        }
        console.output(
            "through the actor: \(isolated.succeeded) of \(isolated.attempted) adds succeeded, Milk \(isolated.milk)")
        context.record("child_crashed", "the child process crashed", flag: outcome.crashed)
        context.record("actor_failed", "adds that failed through the actor", count: isolated.failed)
        context.record("actor_milk", "Milk through the actor", count: isolated.milk)
        console.paragraph(
            InventoryNarration.sharedConnection(shared: shared, childSummary: outcome.summary, isolated: isolated))
    }
}
