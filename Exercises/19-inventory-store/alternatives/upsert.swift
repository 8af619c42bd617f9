// alternative: one statement, an upsert; SQLite runs it atomically. LIKE ignores ASCII case; the
// text's own % and _ are escaped, so they match only themselves.
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
        try connection.query("""
            INSERT INTO product (name, name_key, quantity) VALUES (?, ?, ?)
            ON CONFLICT (name_key) DO UPDATE SET quantity = quantity + excluded.quantity
            """, [.text(name), .text(name.lowercased()), .integer(Int64(quantity))])
    }

    func search(_ text: String) throws -> [Product] {
        var escaped = ""
        for character in text {
            if character == "\\" || character == "%" || character == "_" { escaped.append("\\") }
            escaped.append(character)
        }
        return try products(
            "SELECT name, quantity FROM product WHERE name LIKE '%' || ? || '%' ESCAPE '\\' ORDER BY name",
            [.text(escaped)])
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
