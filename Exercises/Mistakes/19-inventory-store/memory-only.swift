// mistake: keeps the products in memory and never writes them to the database
// expect: a fresh store on the same file
import LabCore
import LabScenarios
import LabStorage

actor InventoryStore {
    private let connection: SQLiteConnection
    private let executor = DedicatedThreadExecutor(name: "inventory store")

    /// Every call to this actor runs on `executor`'s one thread.
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    init(path: String) throws {
        connection = try SQLiteConnection(path: path)
        try connection.execute("""
            CREATE TABLE IF NOT EXISTS product (
                name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE, quantity INTEGER NOT NULL);
            """)
        try connection.query("PRAGMA journal_mode = WAL")
    }

    deinit { executor.stop() }

    private var kept: [Product] = []

    func add(name: String, quantity: Int) throws {
        if let index = kept.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) {
            kept[index].quantity += quantity
        } else {
            kept.append(Product(name: name, quantity: quantity))
        }
    }

    func search(_ text: String) throws -> [Product] {
        kept.filter { $0.name.lowercased().contains(text.lowercased()) }.sorted { $0.name < $1.name }
    }

    func all() throws -> [Product] {
        kept.sorted { $0.name < $1.name }
    }

    /// Runs a query whose rows are (name, quantity).
    private func products(_ sql: String, _ values: [SQLiteValue] = []) throws -> [Product] {
        try connection.query(sql, values).compactMap { row in
            guard case .text(let name) = row[0], case .integer(let quantity) = row[1] else { return nil }
            return Product(name: name, quantity: Int(quantity))
        }
    }
}
