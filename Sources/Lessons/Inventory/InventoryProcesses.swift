import Foundation
import LabKit

/// Several `inventory` processes adding to one database at once (the lesson's and the
/// benchmark's): each runs the child demo "inventory-add-many".
public enum InventoryProcesses {
    /// Makes `count` adds of new products, a transaction each, split over `processes`
    /// processes started together; returns each process's exit status.
    public static func add(_ count: Int, split processes: Int, store: String) async throws -> [Int32] {
        let share = count / processes
        let children = try (0..<processes).map { index in
            try ChildDemo.start("inventory-add-many", environment: [
                InventoryChildDemos.storeKey: store,
                InventoryChildDemos.nameKey: "Process \(UUID().uuidString.prefix(8)) \(index)",
                InventoryChildDemos.countKey: "\(share)",
            ])
        }
        return try await waitForAll(children)
    }

    /// Waits for every process without blocking a thread; a signal counts as 128 + its number.
    static func waitForAll(_ children: [Process]) async throws -> [Int32] {
        while children.contains(where: \.isRunning) { try await Task.sleep(for: .milliseconds(2)) }
        return children.map { $0.terminationReason == .exit ? $0.terminationStatus : 128 + $0.terminationStatus }
    }
}
