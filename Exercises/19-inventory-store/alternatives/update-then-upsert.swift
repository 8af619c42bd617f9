// alternative: add to the product, and when nothing changed, an insert that adds on conflict
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
        // Most adds are to a product that exists: one UPDATE. A new product is inserted by an
        // upsert, which adds instead if another store inserted it since.
        try connection.query("UPDATE product SET quantity = quantity + ? WHERE name_key = ?",
                             [.integer(Int64(quantity)), .text(key)])
        if connection.changes == 0 {
            try connection.query("""
                INSERT INTO product (name, name_key, quantity) VALUES (?, ?, ?)
                ON CONFLICT (name_key) DO UPDATE SET quantity = quantity + excluded.quantity
                """, [.text(name), .text(key), .integer(Int64(quantity))])
        }
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
