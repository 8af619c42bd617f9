import Foundation
import LabCore
import LabScenarios
import LabStorage

/// The inventory's SQLite database: the book's `Product` entity as a table, and the
/// fetch, save and delete the CoreDataDemo app makes, as SQL.
///
/// Not `Sendable`: its connection must be used by one thread at a time, so the store
/// actor owns it (`InventoryStore`), and so does a child process that uses it directly.
public final class InventoryDatabase {
    /// Written into the file's header, so the lab recognises its own databases and refuses others'.
    public static let applicationID = 0x4C61_6249  // "LabI"
    public static let schemaVersion = 1
    /// A database in memory, gone when closed: for lessons and tests that leave nothing behind.
    public static let inMemory = ":memory:"

    /// The book's entity: a name and a quantity (the book makes the quantity a String; here it
    /// is a whole number, so adding stock adds up and the database refuses anything else).
    /// `name_key` is the name in lower case: the identity of a product ("Milk" and "MILK" are
    /// one) and what the case-insensitive search looks in.
    static let schema = """
        CREATE TABLE product (
            name TEXT NOT NULL CHECK (length(name) > 0),
            name_key TEXT NOT NULL UNIQUE,
            quantity INTEGER NOT NULL CHECK (typeof(quantity) = 'integer' AND quantity >= 0)
        );
        CREATE TABLE imported_file (digest TEXT PRIMARY KEY, source TEXT NOT NULL, products INTEGER NOT NULL);
        PRAGMA application_id = \(applicationID);
        PRAGMA user_version = \(schemaVersion);
        """

    public let path: String
    let connection: SQLiteConnection

    /// Opens the inventory at `path`, creating it when `create` is on and nothing is there.
    /// A file that is not the lab's inventory is refused before anything is written to it.
    /// Waits up to `busyTimeout` for other processes' transactions.
    public init(path: String, create: Bool = true, busyTimeout: Duration = .seconds(60)) throws {
        self.path = path
        if path != Self.inMemory {
            switch StoreFileKind.of(path) {
            case .other: throw InventoryStoreError.notADatabase(path: path, reason: "it is not an SQLite database")
            case .earlierJSON: throw InventoryStoreError.earlierJSONStore(path: path)
            case .missing, .empty, .sqlite: break
            }
        }
        do {
            connection = try SQLiteConnection(path: path, create: create, busyTimeout: busyTimeout)
        } catch let error as SQLiteError {
            throw InventoryStoreError.database(path: path, message: error.message)
        }
        try translatingErrors { try prepareSchemaWaitingForOthers(until: .now + busyTimeout) }
    }

    // MARK: The sample's operations

    /// Adds each product's quantity to the product of that name (in any letter case), or
    /// inserts it: all in one transaction, so either every add is saved or none is.
    @discardableResult
    public func add(_ batch: [Product]) throws -> [Product] {
        let validated = try Self.validated(batch)
        return try translatingErrors { try connection.transaction { try addInCurrentTransaction(validated) } }
    }

    @discardableResult
    public func add(name: String, quantity: Int) throws -> Product {
        try add([Product(name: name, quantity: quantity)])[0]
    }

    /// Deletes the product with this name (any letter case); returns the name as stored.
    @discardableResult
    public func delete(name: String) throws -> String {
        let key = ProductInput.key(name.trimmingCharacters(in: .whitespacesAndNewlines))
        return try translatingErrors {
            try connection.transaction {
                guard
                    case .text(let stored) = try connection.value(
                        "SELECT name FROM product WHERE name_key = ?", [.text(key)])
                else {
                    throw InventoryError.notFound(name)
                }
                try connection.query("DELETE FROM product WHERE name_key = ?", [.text(key)])
                return stored
            }
        }
    }

    /// Every product, as the book's fetch request with
    /// `NSSortDescriptor(key: "name", ascending: true)` returns them: `ORDER BY name`.
    public func all() throws -> [Product] {
        try products("SELECT name, quantity FROM product ORDER BY name")
    }

    /// The book's Find: `NSPredicate(format: "name CONTAINS %@", text)`, case-sensitive, is
    /// `instr(name, text) > 0`; with `ignoringCase` it is `CONTAINS[c]`, which looks in the
    /// lower-case key. `instr`, not `LIKE`: a `%` or `_` typed by the user is just a character.
    /// An empty text finds every product, as an empty search field shows the whole list.
    public func search(_ text: String, ignoringCase: Bool = false) throws -> [Product] {
        let text = text.precomposedStringWithCanonicalMapping
        guard !text.isEmpty else { return try all() }
        return ignoringCase
            ? try products(
                "SELECT name, quantity FROM product WHERE instr(name_key, ?) > 0 ORDER BY name",
                [.text(ProductInput.key(text))])
            : try products("SELECT name, quantity FROM product WHERE instr(name, ?) > 0 ORDER BY name", [.text(text)])
    }

    public func count() throws -> Int {
        try translatingErrors {
            guard case .integer(let count) = try connection.value("SELECT count(*) FROM product") else { return 0 }
            return Int(count)
        }
    }

    public func journalMode() throws -> String {
        try translatingErrors {
            guard case .text(let mode) = try connection.value("PRAGMA journal_mode") else { return "?" }
            return mode
        }
    }

    /// SQLite's own check of every page and index: "ok" when the file is sound.
    public func integrityCheck() throws -> String {
        try translatingErrors {
            let rows = try connection.query("PRAGMA integrity_check")
            return rows.compactMap { if case .text(let line) = $0.first { line } else { nil } }.joined(separator: "; ")
        }
    }

    /// Copies an earlier version's JSON inventory in, in one transaction, once: the file's
    /// digest is kept, and the same file again is refused (it would count everything twice).
    public func importEarlierStore(_ source: String) throws -> Int {
        let (_, validated, digest) = try Self.importable(source)
        return try translatingErrors {
            try connection.transaction {
                if case .integer(let count) = try connection.value(
                    "SELECT products FROM imported_file WHERE digest = ?", [.text(digest)])
                {
                    throw InventoryStoreError.alreadyImported(path: source, products: Int(count))
                }
                do {
                    _ = try addInCurrentTransaction(validated)
                } catch let error as InventoryError {
                    // A sum past the largest quantity is the file's to answer for, said as every
                    // import's failure is (it exited 2 as a usage mistake, an audit).
                    throw InventoryStoreError.notAnEarlierStore(path: source, reason: "\(error)")
                }
                // Products, not entries: a file that names Milk twice changes one product (it
                // said "imported 2 products", an audit).
                let imported = Set(validated.map { ProductInput.key($0.name) }).count
                try connection.query(
                    "INSERT INTO imported_file (digest, source, products) VALUES (?, ?, ?)",
                    [.text(digest), .text(source), .integer(Int64(imported))])
                return imported
            }
        }
    }

    /// A JSON inventory's products, read and checked: the tool asks before it opens a store,
    /// so a file that cannot be imported leaves no empty database behind.
    static func importable(_ source: String) throws -> (products: [Product], validated: [Product], digest: String) {
        let (products, data) = try EarlierJSONStore.read(source)
        do {
            let checked = try validated(products)
            // The file's own entries of one product must add up: checked here, before any store is
            // opened, so such a file leaves no empty database behind (an audit's did).
            var totals: [String: Int] = [:]
            for product in checked {
                let key = ProductInput.key(product.name)
                let (sum, overflow) = (totals[key] ?? 0).addingReportingOverflow(product.quantity)
                guard !overflow else {
                    throw InventoryStoreError.notAnEarlierStore(
                        path: source,
                        reason: "its entries for \(product.name) add up to more than the largest quantity, \(Int.max)")
                }
                totals[key] = sum
            }
            return (products, checked, EarlierJSONStore.digest(data))
        } catch let error as InventoryStoreError {
            throw error
        } catch {
            throw InventoryStoreError.notAnEarlierStore(path: source, reason: "\(error)")
        }
    }

    // MARK: Opening

    private enum Contents: Equatable {
        case inventory, blank, foreign
        case newer(Int)
    }

    /// Reads the header's application id and version, and whether any table exists — in one
    /// read transaction, so a process creating the database at this moment is seen whole or not at all.
    private func contentsInOneSnapshot() throws -> Contents {
        try connection.execute("BEGIN")
        do {
            let contents = try contents()
            try connection.execute("COMMIT")
            return contents
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    private func contents() throws -> Contents {
        func number(_ sql: String) throws -> Int {
            guard case .integer(let value) = try connection.value(sql) else { return 0 }
            return Int(value)
        }
        let application = try number("PRAGMA application_id")
        let version = try number("PRAGMA user_version")
        if application == Self.applicationID { return version > Self.schemaVersion ? .newer(version) : .inventory }
        guard application == 0 else { return .foreign }
        return try number("SELECT count(*) FROM sqlite_master") == 0 ? .blank : .foreign
    }

    /// Checks the file is an inventory (or blank) before writing anything, then makes the
    /// schema and switches to write-ahead logging.
    ///
    /// Several processes may open a new file at once. Most waits go through the busy timeout,
    /// but SQLite answers "busy" at once where waiting could deadlock (switching the journal
    /// mode while another connection reads): those are retried here, until the deadline.
    private func prepareSchemaWaitingForOthers(until deadline: ContinuousClock.Instant) throws {
        var pause = Duration.milliseconds(1)
        while true {
            do {
                return try prepareSchema()
            } catch let error as SQLiteError where error.isBusy && ContinuousClock.now < deadline {
                Thread.sleep(forTimeInterval: pause.seconds * Double.random(in: 0.5...1.5))
                pause = min(pause * 2, .milliseconds(50))
            }
        }
    }

    private func prepareSchema() throws {
        switch try contentsInOneSnapshot() {
        case .inventory:
            // A damaged page elsewhere in the file would only show when a query reads it;
            // checking every page first means nothing is ever written into a damaged file.
            let verdict = try connection.value("PRAGMA quick_check(1)")
            guard verdict == .text("ok") else {
                throw InventoryStoreError.notADatabase(path: path, reason: "SQLite's check of its pages failed")
            }
        case .foreign: throw InventoryStoreError.foreign(path: path)
        case .newer(let version): throw InventoryStoreError.newerVersion(path: path, version: version)
        case .blank:
            try connection.transaction {
                // Another process may have made it while this one waited for the write lock.
                switch try contents() {
                case .blank: try connection.execute(Self.schema)
                case .inventory: break
                case .foreign: throw InventoryStoreError.foreign(path: path)
                case .newer(let version): throw InventoryStoreError.newerVersion(path: path, version: version)
                }
            }
        }
        // WAL: readers never wait for the writer, and a commit is one append to the log. The
        // mode is kept in the file, so this is a no-op after the first open. FULL: a commit
        // is on disk before the add reports success.
        // Asked first: setting it writes, and a store that can only be read must still be listable.
        if try connection.value("PRAGMA journal_mode") != .text("wal"), path == Self.inMemory || access(path, W_OK) == 0
        {
            try connection.query("PRAGMA journal_mode = WAL")
        }
        try connection.execute("PRAGMA synchronous = FULL")
    }

    // MARK: Helpers

    /// Names as stored, quantities 0 or more: checked before the transaction starts.
    private static func validated(_ batch: [Product]) throws -> [Product] {
        try batch.map { product in
            guard product.quantity >= 0 else { throw InventoryError.negativeQuantity("\(product.quantity)") }
            return Product(name: try ProductInput.name(product.name), quantity: product.quantity)
        }
    }

    /// The adds of one batch, inside a transaction the caller holds: read each product's
    /// quantity and write the sum, with the write lock held from the read to the commit, so
    /// another process's add of the same product cannot slip in between.
    private func addInCurrentTransaction(_ validated: [Product]) throws -> [Product] {
        let find = try connection.prepare("SELECT name, quantity FROM product WHERE name_key = ?")
        let update = try connection.prepare("UPDATE product SET quantity = ? WHERE name_key = ?")
        let insert = try connection.prepare("INSERT INTO product (name, name_key, quantity) VALUES (?, ?, ?)")
        return try validated.map { product in
            let key = ProductInput.key(product.name)
            try find.bind([.text(key)])
            if try find.step(), case .text(let stored) = find.row[0], case .integer(let current) = find.row[1] {
                let total = try ProductInput.sum(stored, Int(current), product.quantity)
                try update.bind([.integer(Int64(total)), .text(key)])
                _ = try update.step()
                return Product(name: stored, quantity: total)
            }
            try insert.bind([.text(product.name), .text(key), .integer(Int64(product.quantity))])
            _ = try insert.step()
            return product
        }
    }

    private func products(_ sql: String, _ values: [SQLiteValue] = []) throws -> [Product] {
        try translatingErrors {
            try connection.query(sql, values).compactMap { row in
                guard case .text(let name) = row[0], case .integer(let quantity) = row[1] else { return nil }
                return Product(name: name, quantity: Int(quantity))
            }
        }
    }

    /// SQLite's errors in the lab's words: a damaged file is "not a readable inventory database".
    private func translatingErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError where error.isNotADatabase {
            throw InventoryStoreError.notADatabase(path: path, reason: error.message)
        } catch let error as SQLiteError {
            throw InventoryStoreError.database(path: path, message: error.message)
        }
    }
}
