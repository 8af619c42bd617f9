// alternative: prepared statements inside the transaction; the search filters in Swift
// Exercise 19 · solution: open on the store's own thread while the caller suspends; read and
// write inside one BEGIN IMMEDIATE transaction, keyed by the lower-case name; search the
// lower-case key with instr (contains, not a prefix).
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
            let update = try connection.prepare("UPDATE product SET quantity = quantity + ? WHERE name_key = ?")
            try update.bind([.integer(Int64(quantity)), .text(key)])
            _ = try update.step()
            guard connection.changes == 0 else { return }
            let insert = try connection.prepare("INSERT INTO product (name, name_key, quantity) VALUES (?, ?, ?)")
            try insert.bind([.text(name), .text(key), .integer(Int64(quantity))])
            _ = try insert.step()
        }
    }

    /// Filtered in Swift, as NSPredicate's CONTAINS[c] would: any letter case, anywhere in the name.
    func search(_ text: String) throws -> [Product] {
        try all().filter { $0.name.range(of: text, options: .caseInsensitive) != nil }
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
