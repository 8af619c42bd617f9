import Foundation
import LabCore
import LabScenarios
import LabTrace

/// The book's persistent container, rebuilt as an actor: it owns the inventory's SQLite
/// connection, and runs on an executor of its own — one thread, the way Swift database
/// libraries keep a connection on one serial queue — so the connection is never used by
/// two threads at once. The main-actor view model awaits it, as the book's views use
/// their `viewContext`.
public actor InventoryStore {
    private let database: InventoryDatabase
    private let executor: DedicatedThreadExecutor
    private let probe: Probe
    public nonisolated let path: String

    /// Every call to the store runs on `executor`'s thread (SE-0392's custom actor executor).
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Opens (or, with `create`, makes) the inventory at `path`; `InventoryDatabase.inMemory`
    /// keeps it in memory. Refuses a file that is not the lab's inventory, untouched.
    ///
    /// Async because opening can wait: for another process's lock (up to the busy timeout, a
    /// minute) and for the file's first pages. The open runs on the store's own thread, where
    /// every later call runs too, while the caller suspends: in the caller's task it would hold
    /// a thread of the cooperative pool for as long as the wait lasts.
    public init(path: String, create: Bool = true, probe: Probe = .disabled) async throws {
        let executor = DedicatedThreadExecutor(name: "inventory store")
        do {
            database = try await executor.blockingWork { try InventoryDatabase(path: path, create: create) }
        } catch {
            executor.stop()
            throw error
        }
        self.executor = executor
        self.probe = probe
        self.path = path
    }

    /// A store in memory: nothing left behind.
    public static func inMemory(probe: Probe = .disabled) async throws -> InventoryStore {
        try await InventoryStore(path: InventoryDatabase.inMemory, probe: probe)
    }

    deinit { executor.stop() }

    /// Adds to the product of that name (in any letter case), or inserts it; one transaction.
    /// `add Milk 2` twice gives Milk 4.
    @discardableResult
    public func add(name: String, quantity: Int) throws -> Product {
        try probe.syncSpan("store.add(\(name))") { try database.add(name: name, quantity: quantity) }
    }

    /// Adds every product in one transaction: all saved, or none.
    @discardableResult
    public func add(_ batch: [Product]) throws -> [Product] {
        try probe.syncSpan("store.add(\(batch.count) products)") { try database.add(batch) }
    }

    /// Deletes the product with this name (any letter case); returns the name as stored.
    @discardableResult
    public func delete(name: String) throws -> String {
        try probe.syncSpan("store.delete(\(name))") { try database.delete(name: name) }
    }

    /// Every product, `ORDER BY name`.
    public func all() throws -> [Product] {
        try probe.syncSpan("store.all") { try database.all() }
    }

    /// `name CONTAINS text` (or `CONTAINS[c]` with `ignoringCase`), sorted by name.
    public func search(_ text: String, ignoringCase: Bool = false) throws -> [Product] {
        try probe.syncSpan("store.search(\(text))") { try database.search(text, ignoringCase: ignoringCase) }
    }

    public func count() throws -> Int { try database.count() }

    /// "wal" for a file (write-ahead logging), "memory" in memory.
    public func journalMode() throws -> String { try database.journalMode() }

    public func integrityCheck() throws -> String { try database.integrityCheck() }

    public func importEarlierStore(_ source: String) throws -> Int { try database.importEarlierStore(source) }

    /// True when the caller runs on the store's own thread (the lesson checks where work ran).
    public func isOnItsOwnThread() -> Bool { executor.isCurrentThread }
}
