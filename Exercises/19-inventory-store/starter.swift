import LabCore
import LabScenarios
import LabStorage

// Exercise 19 · inventory · The inventory store actor, on SQLite
//
// The book's Core Data inventory keeps products (a name and a quantity) in SQLite. Here
// an actor owns the SQLite connection, on an executor of its own (a connection must be
// used by one thread at a time). The table is made for you: `name_key` is the name in
// lower case, one row per product. Three parts are unfinished:
//
// TODO 1: add(name:quantity:) — add to the quantity of the product with that name in any
//         letter case, or insert a new product. Many tasks, and several stores (several
//         connections, even several programs) on one file, add at the same time: not one
//         add may be lost. (`connection.transaction { ... }` begins with BEGIN IMMEDIATE.)
// TODO 2: search(_:) — the products whose name contains the text, ignoring case (like
//         NSPredicate's CONTAINS[c]), sorted by name.
// TODO 3: init(path:) — opening waits while another connection holds the file's lock, up to
//         the busy timeout (10 s). Here it waits on the caller's thread, a thread of the
//         cooperative pool: a few stores opening at once hold every one, and no other task
//         runs. Make the init async and open on the store's own thread, where its other work
//         runs, while the caller suspends (`executor.blockingWork { … }` runs its closure there).

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

    func add(name: String, quantity: Int) throws {
        try connection.query("INSERT INTO product (name, name_key, quantity) VALUES (?, ?, ?)",
                             [.text(name), .text(name), .integer(Int64(quantity))])
    }

    func search(_ text: String) throws -> [Product] {
        try products("SELECT name, quantity FROM product WHERE name LIKE ? ORDER BY name", [.text(text + "%")])
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
