import Foundation
import LabConsole
import LabScenarios
import LessonKit

/// Adds from a hundred tasks through the actor, then from twenty processes at once.
enum ConcurrentAddsVariant {
    static let tasks = 100
    static let processes = 20

    static let variant = LessonVariant(
        "concurrent-adds", title: "\(tasks) adds from \(tasks) tasks, then \(processes) inventory processes at once"
    ) { context in
        let console = context.console
        console.paragraph(
            """
            A delivery arrives: \(tasks) scanners each add one item at the same moment, half of \
            them "Milk", so those must add up. In one program the store actor runs the adds one at \
            a time, each its own transaction. Then \(processes) separate `inventory add Milk 1` \
            programs start together on one database: no actor spans processes, so SQLite's write \
            lock does the serialising — each add is a BEGIN IMMEDIATE transaction that waits for \
            the lock (a busy timeout) instead of failing.
            """)
        let scratch = try InventoryScratch("inventory-adds")
        defer { scratch.remove() }
        let path = scratch.path("inventory.sqlite")
        let store = try await InventoryStore(path: path)
        let (_, seconds) = try await Stopwatch.time {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<tasks {
                    group.addTask {
                        try await store.add(name: index.isMultiple(of: 2) ? "Milk" : "Item \(index)", quantity: 1)
                    }
                }
                try await group.waitForAll()
            }
        }
        let products = try await InventoryStore(path: path, create: false).all()
        let units = products.map(\.quantity).reduce(0, +)
        let milk = products.first { $0.name == "Milk" }?.quantity ?? 0

        let processPath = scratch.path("shared.sqlite")
        let (statuses, processSeconds) = try await Stopwatch.time {
            try await InventoryProcesses.addOne("Milk", processes: processes, store: processPath)
        }
        let processMilk =
            try await InventoryStore(path: processPath, create: false).all().first { $0.name == "Milk" }?.quantity ?? 0
        let succeeded = statuses.filter { $0 == 0 }.count

        context.record("units_after_reload", "units in the database after reopening", count: units)
        context.record("milk", "Milk after \(tasks / 2) adds from tasks", count: milk)
        context.record("products", "products", count: products.count)
        context.record("seconds", "\(tasks) adds (\(tasks) transactions) took", seconds: seconds)
        context.record("processes_succeeded", "inventory processes that exited 0", count: succeeded)
        context.record("process_milk", "Milk after \(processes) processes each added 1", count: processMilk)
        context.record("process_seconds", "\(processes) processes, start to last exit", seconds: processSeconds)
        console.paragraph(
            InventoryNarration.concurrentAdds(
                tasks: tasks, units: units, milk: milk, seconds: seconds,
                processes: processes, succeeded: succeeded, processMilk: processMilk))
    }
}
