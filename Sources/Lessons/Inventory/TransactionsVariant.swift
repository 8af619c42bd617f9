import Foundation
import LabConsole
import LabCore
import LessonKit

/// What a transaction costs: the same adds, committed one by one or together.
enum TransactionsVariant {
    static let adds = 300

    static let variant = LessonVariant(
        "transactions",
        title: "\(adds) adds: a transaction each, one for all, or one per \(InventoryWorkload.batchSize)"
    ) { context in
        let console = context.console
        console.paragraph(
            """
            The book's app saves after every add (`viewContext.save()`); each save is a commit, \
            and a commit waits until the database's log is on disk (synchronous = FULL). We make \
            \(adds) adds to a fresh database file three ways and time each.
            """)
        let scratch = try InventoryScratch("inventory-transactions")
        defer { scratch.remove() }
        var seconds: [InventoryWorkload: Double] = [:]
        for workload in InventoryWorkload.allCases {
            let store = try await InventoryStore(path: scratch.path("\(workload).sqlite"))
            let (_, elapsed) = try await Stopwatch.time { try await workload.run(store, count: adds) }
            seconds[workload] = elapsed
            console.output(
                "\(workload.rawValue): \(elapsed.formattedAsDuration) (\((elapsed / Double(adds)).formattedAsDuration) an add)"
            )
        }
        let each = seconds[.oneTransactionEach] ?? 0
        let all = seconds[.oneTransaction] ?? 0
        let batched = seconds[.batches] ?? 0
        context.record("one_each_seconds", "\(adds) adds, a transaction each", seconds: each)
        context.record("one_for_all_seconds", "\(adds) adds, one transaction", seconds: all)
        context.record(
            "batches_seconds", "\(adds) adds, a transaction per \(InventoryWorkload.batchSize)", seconds: batched)
        context.record("ratio", "a transaction each ÷ one for all", ratio: all > 0 ? each / all : 0)
        if all > 0 {
            context.recordInTable(
                Figure(key: "each_vs_all", label: "a transaction each ÷ one for all", value: each / all, unit: .ratio))
        }
        console.paragraph(InventoryNarration.transactions(adds: adds, each: each, all: all, batched: batched))
    }
}
