import Foundation
import LabCore
import LabProcesses
import LessonKit

/// Several `inventory` processes adding to one database at once (the lesson's and the
/// benchmark's): each runs the child demo "inventory-add-many".
public enum InventoryProcesses {
    /// Makes `count` adds of new products, a transaction each, split over `processes`
    /// processes started together; returns each process's exit status.
    public static func add(_ count: Int, split processes: Int, store: String) async throws -> [Int32] {
        let share = count / processes
        return try await runAtOnce(
            "inventory-add-many",
            (0..<processes).map { index in
                [
                    InventoryChildDemos.storeKey: store,
                    InventoryChildDemos.nameKey: "Process \(UUID().uuidString.prefix(8)) \(index)",
                    InventoryChildDemos.countKey: "\(share)",
                ]
            })
    }

    /// `inventory add NAME 1 --store STORE` in `processes` processes started together.
    public static func addOne(_ name: String, processes: Int, store: String) async throws -> [Int32] {
        try await runAtOnce(
            "inventory-add",
            Array(
                repeating: [InventoryChildDemos.storeKey: store, InventoryChildDemos.nameKey: name], count: processes))
    }

    /// Starts the child demo once per environment, all together, and waits for every one.
    static func runAtOnce(_ demo: String, _ environments: [[String: String]]) async throws -> [Int32] {
        try await waitForAll(try environments.map { try ChildDemo.start(demo, environment: $0) })
    }

    /// Waits for every process without blocking a thread; a signal counts as 128 + its number.
    static func waitForAll(_ children: [RunningChild]) async throws -> [Int32] {
        var statuses: [Int32] = []
        for child in children { statuses.append(try await child.exitStatus()) }
        return statuses
    }
}
