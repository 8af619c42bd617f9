import Foundation
import LabKit

/// A hundred adds from a hundred tasks, saved to a real file: nothing lost.
enum ConcurrentAddsVariant {
    static let tasks = 100

    static let variant = LessonVariant("concurrent-adds", title: "\(tasks) adds from \(tasks) tasks at once") { context in
        let console = context.console
        console.paragraph("""
            A delivery arrives: \(tasks) scanners each add one item at the same moment (half of them \
            "Milk", so those must add up). Each add runs on the store actor and saves the file. \
            Afterwards we read the file back with a fresh store.
            """)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-inventory-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("inventory.json")
        let store = try InventoryStore(storage: FileInventoryStorage(url: url))
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
        let reloaded = try InventoryStore(storage: FileInventoryStorage(url: url))
        let products = await reloaded.all()
        let units = products.map(\.quantity).reduce(0, +)
        let milk = products.first { $0.name == "Milk" }?.quantity ?? 0
        context.record("units_after_reload", "units in the file after reload", count: units)
        context.record("milk", "Milk after \(tasks / 2) adds", count: milk)
        context.record("products", "products", count: products.count)
        context.record("seconds", "\(tasks) adds with \(tasks) saves took", seconds: seconds)
        console.paragraph("""
            The file holds \(units) units in \(products.count) products, Milk at \(milk): not one add \
            lost. \(tasks) adds and \(tasks) atomic saves took \(seconds.formattedAsDuration).
            """)
    }
}
