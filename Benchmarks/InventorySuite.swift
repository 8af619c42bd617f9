import Foundation
import LabBench
import LabKit
import Lessons

/// The inventory store actor's throughput: adds from many tasks, in memory and to a file.
enum InventorySuite {
    static func suite() -> BenchmarkSuite {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-bench-inventory-\(ProcessInfo.processInfo.processIdentifier)")
        func variant(_ name: String, storage: @escaping @Sendable () -> any InventoryStorage) -> BenchmarkVariant {
            BenchmarkVariant(name) { iterations in
                guard let store = try? InventoryStore(storage: storage()) else { return }
                await withTaskGroup(of: Void.self) { group in
                    for index in 0..<iterations {
                        group.addTask { _ = try? await store.add(name: "Item \(index % 50)", quantity: 1) }
                    }
                }
            }
        }
        return BenchmarkSuite(
            name: "inventory store", kind: .primitive,
            summary: "adds from concurrent tasks to the store actor; per add (each saves the whole store)",
            reference: "in memory",
            variants: [
                variant("in memory") { InMemoryInventoryStorage() },
                variant("file, atomic save") {
                    FileInventoryStorage(url: folder.appendingPathComponent("\(UUID().uuidString).json"))
                },
            ])
    }
}
