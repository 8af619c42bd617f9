// alternative: INSERT OR IGNORE the product at 0, then add to it: two writes, each atomic
import LabCore
import LabScenarios
import LabStorage

actor InventoryStore {
    private let connection: SQLiteConnection
    private let executor = DedicatedThreadExecutor(name: "inventory store")

    /// Every call to this actor runs on `executor`'s one thread.
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Opening can wait up to the busy timeout for another connection's lock: on the store's
    /// thread, while the caller suspends, no thread of the cooperative pool waits with it.
    init(path: String) async throws {
        do {
            connection = try await executor.blockingWork {
                let connection = try SQLiteConnection(path: path)
                try connection.execute("""
                    CREATE TABLE IF NOT EXISTS product (
                        name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE, quantity INTEGER NOT NULL);
                    """)
                try connection.query("PRAGMA journal_mode = WAL")
                return connection
            }
        } catch {
            executor.stop()  // a failed open leaves no thread behind
            throw error
        }
    }

    deinit { executor.stop() }

    func add(name: String, quantity: Int) throws {
        let key = name.lowercased()
        // Make sure the row exists (the first name to arrive is kept), then add to it: each
        // statement is atomic, and the UPDATE adds to whatever the row holds when it runs.
        try connection.query("INSERT OR IGNORE INTO product (name, name_key, quantity) VALUES (?, ?, 0)",
                             [.text(name), .text(key)])
        try connection.query("UPDATE product SET quantity = quantity + ? WHERE name_key = ?",
                             [.integer(Int64(quantity)), .text(key)])
    }

    func search(_ text: String) throws -> [Product] {
        try products("SELECT name, quantity FROM product WHERE instr(name_key, ?) > 0 ORDER BY name",
                     [.text(text.lowercased())])
    }

    func all() throws -> [Product] {
        try products("SELECT name, quantity FROM product ORDER BY name")
    }

    /// Runs a query whose rows are (name, quantity).
    private func products(_ sql: String, _ values: [SQLiteValue] = []) throws -> [Product] {
        try connection.query(sql, values).compactMap { row in
            guard case .text(let name) = row[0], case .integer(let quantity) = row[1] else { return nil }
            return Product(name: name, quantity: Int(quantity))
        }
    }
}
