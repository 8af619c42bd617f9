// alternative: the search reads every product (already sorted by name) and keeps, in Swift, those
// whose lower-case name contains the lower-case text: CONTAINS[c] without SQL.
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
        try connection.transaction {
            let rows = try connection.query("SELECT quantity FROM product WHERE name_key = ?", [.text(key)])
            if case .integer(let current) = rows.first?.first {
                try connection.query("UPDATE product SET quantity = ? WHERE name_key = ?",
                                     [.integer(current + Int64(quantity)), .text(key)])
            } else {
                try connection.query("INSERT INTO product (name, name_key, quantity) VALUES (?, ?, ?)",
                                     [.text(name), .text(key), .integer(Int64(quantity))])
            }
        }
    }

    func search(_ text: String) throws -> [Product] {
        // CONTAINS[c] in Swift: every product read, the matches kept (already sorted by name).
        try all().filter { $0.name.lowercased().contains(text.lowercased()) }
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
