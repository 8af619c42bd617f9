import Foundation
import LabConsole
import LabCore
import LabScenarios
import LessonKit

/// What the actor costs: a small query called directly, and through the store actor.
enum StoreHopVariant {
    static let calls = 2_000

    static let variant = LessonVariant(
        "hop-cost", title: "The hop: a query through the store actor vs. on the connection directly"
    ) { context in
        let console = context.console
        console.paragraph(
            """
            Every call to the store from the main actor is two thread switches: to the store's \
            own thread and back. We run a small query (count the products) \(calls) times on a \
            connection the calling code owns, and \(calls) times through the store actor, and \
            compare with one committed add to a file.
            """)
        let scratch = try InventoryScratch("inventory-hop")
        defer { scratch.remove() }
        // Opened on a thread of its own, as every open is (an open may wait for another
        // process's lock; in memory it does not, but the lab opens one way); used here after.
        let direct = try await OnAThreadOfItsOwn.blockingWork(named: "open in memory") {
            try InventoryDatabase(path: InventoryDatabase.inMemory)
        }
        try direct.add((0..<20).map { Product(name: "Item \($0)", quantity: 1) })
        let store = try await InventoryStore.inMemory()
        try await store.add((0..<20).map { Product(name: "Item \($0)", quantity: 1) })
        let (_, directSeconds) = try await Stopwatch.time { for _ in 0..<calls { _ = try direct.count() } }
        let (_, actorSeconds) = try await Stopwatch.time { for _ in 0..<calls { _ = try await store.count() } }
        let fileStore = try await InventoryStore(path: scratch.path("hop.sqlite"))
        let (_, addSeconds) = try await Stopwatch.time {
            try await InventoryWorkload.oneTransactionEach.run(fileStore, count: 20)
        }
        let perDirect = directSeconds / Double(calls)
        let perActor = actorSeconds / Double(calls)
        let perAdd = addSeconds / 20
        context.record("direct_call", "a count on the connection directly", seconds: perDirect)
        context.record("actor_call", "a count through the store actor", seconds: perActor)
        context.record("committed_add", "one committed add to a file", seconds: perAdd)
        console.output(
            "directly: \(perDirect.formattedAsDuration) a call; through the actor: \(perActor.formattedAsDuration); one committed add: \(perAdd.formattedAsDuration)"
        )
        context.recordInTable(
            Figure(
                key: "hop_added", label: "the actor's hop added, per call", value: perActor - perDirect, unit: .seconds)
        )
        console.paragraph(InventoryNarration.hopCost(direct: perDirect, actor: perActor, add: perAdd))
    }
}
