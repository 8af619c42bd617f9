import Foundation
import LabScenarios
import LabStorage

/// Files a store must refuse, made on the spot: the lesson shows them, the tests use them.
enum StoreFixtures {
    /// An inventory with `products` products, closed (its log checkpointed into the file).
    static func inventory(at path: String, products: Int) throws {
        let database = try InventoryDatabase(path: path)
        try database.add(
            (0..<products).map { Product(name: "Product \($0) with a name long enough to fill pages", quantity: $0) })
    }

    /// Each case: a name and a function that makes the file at a path.
    static let refused: [(name: String, make: @Sendable (String) throws -> Void)] = [
        ("a text file", { try Data("milk, bread, eggs\n".utf8).write(to: URL(fileURLWithPath: $0)) }),
        (
            "an earlier JSON inventory",
            {
                try Data(
                    #"{"format": "concurrency-lab.inventory", "version": 1, "products": [{"name": "Milk", "quantity": 2}]}"#
                        .utf8
                )
                .write(to: URL(fileURLWithPath: $0))
            }
        ),
        (
            "another program's database",
            {
                let connection = try SQLiteConnection(path: $0)
                try connection.execute(
                    "CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO note (text) VALUES ('keep me')")
            }
        ),
        (
            "an inventory from a newer lab",
            {
                try inventory(at: $0, products: 3)
                try SQLiteConnection(path: $0).execute("PRAGMA user_version = 9")
            }
        ),
        (
            "an inventory with a damaged page",
            {
                try inventory(at: $0, products: 400)
                try overwrite($0, at: 4096, with: Data(repeating: 0xA5, count: 2 * 4096))
            }
        ),
        (
            "an inventory cut short",
            {
                try inventory(at: $0, products: 400)
                let size = try FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int ?? 0
                let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: $0))
                try handle.truncate(atOffset: UInt64(size / 2))
                try handle.close()
            }
        ),
    ]

    static func overwrite(_ path: String, at offset: UInt64, with data: Data) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seek(toOffset: offset)
        handle.write(data)
        try handle.close()
    }
}
