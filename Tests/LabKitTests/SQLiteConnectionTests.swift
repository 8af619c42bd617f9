import Foundation
import LabCore
import Testing

@testable import LabStorage

@Suite("SQLite: the typed layer over the toolchain's own library")
final class SQLiteConnectionTests {
    /// Each test has an instance, and a folder of its own: gone when the test ends.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-sqlite-\(UUID().uuidString)")

    deinit { try? FileManager.default.removeItem(at: folder) }

    func temporaryPath(_ name: String = "test.sqlite") throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent(name).path
    }

    @Test func theLibraryLoadsWithoutAHeaderAndSaysWhere() throws {
        try expect(!(try SQLiteConnection.library()).isEmpty)
        expectEqual(SQLiteConnection.version?.hasPrefix("3."), true)
    }

    @Test func rowsGoInAndComeBackTyped() throws {
        let database = try SQLiteConnection(path: try temporaryPath())
        try database.execute("CREATE TABLE product (name TEXT NOT NULL, quantity INTEGER NOT NULL)")
        try database.query("INSERT INTO product VALUES (?, ?)", [.text("Milk"), .integer(2)])
        try database.query("INSERT INTO product VALUES (?, ?)", [.text("Crème brûlée 🍮"), .integer(Int64.max)])
        let rows = try database.query("SELECT name, quantity FROM product ORDER BY name")
        expectEqual(rows, [[.text("Crème brûlée 🍮"), .integer(Int64.max)], [.text("Milk"), .integer(2)]])
        try expectEqual(database.query("SELECT NULL"), [[.null]])
    }

    @Test func aThrowingTransactionLeavesNothingBehind() throws {
        struct Abandon: Error {}
        let database = try SQLiteConnection(path: try temporaryPath())
        try database.execute("CREATE TABLE t (x INTEGER)")
        #expect(throws: Abandon.self) {
            try database.transaction {
                try database.query("INSERT INTO t VALUES (1)")
                throw Abandon()
            }
        }
        try database.transaction { try database.query("INSERT INTO t VALUES (2)") }
        try expectEqual(database.query("SELECT x FROM t"), [[.integer(2)]])
    }

    /// Exercise 19's check writes another store's rows between two transactions of an add: where a
    /// statement ends outside any transaction, on that file's connections only, not within its own.
    @Test func theMomentsBetweenTwoTransactionsAreEachSeenOnce() throws {
        let path = try temporaryPath()
        let database = try SQLiteConnection(path: path)
        try database.execute("CREATE TABLE t (x INTEGER)")
        let ran = Locked(0)
        let whileRunning = Locked<[[SQLiteValue]]>([])
        SQLiteConnection.betweenTransactions(of: path) {
            ran.withLock { $0 += 1 }
            // Another connection's statements, there and then: they do not run it again.
            let other = try? SQLiteConnection(path: path)
            _ = try? other?.query("INSERT INTO t VALUES (10)")
            whileRunning.withLock { $0 = (try? other?.query("SELECT count(*) FROM t")) ?? [] }
        }
        defer { SQLiteConnection.cancelBetweenTransactions() }
        // Inside a transaction: not yet, neither after BEGIN nor after a statement in it.
        let elsewhere = try SQLiteConnection(path: try temporaryPath("elsewhere.sqlite"))
        try elsewhere.execute("CREATE TABLE u (y INTEGER)")
        try database.execute("BEGIN IMMEDIATE")
        try database.query("INSERT INTO t VALUES (1)")
        expectEqual(ran.withLock { $0 }, 0)
        try database.execute("COMMIT")
        expectEqual(ran.withLock { $0 }, 1)
        expectEqual(whileRunning.withLock { $0 }, [[.integer(2)]])
        // A statement run on its own, and a step that fails, are each a moment between; another
        // file's statements are not.
        try database.query("INSERT INTO t VALUES (2)")
        expectEqual(ran.withLock { $0 }, 2)
        try elsewhere.query("INSERT INTO u VALUES (1)")
        expectEqual(ran.withLock { $0 }, 2)
        #expect(throws: SQLiteError.self) { try database.query("INSERT INTO t VALUES (abs(-9223372036854775808))") }
        expectEqual(ran.withLock { $0 }, 3)
        // The same file however its path is spelled: an audit's answer to 19 opened its store as
        // "/." + path and went unwatched. (A URI is the same file where SQLite reads URIs.)
        var spelled = 0
        for spelling in ["/." + path, "/" + path, "file:" + path] {
            let again = try SQLiteConnection(path: spelling)
            guard spelling.hasPrefix("/") || again.file == FileIdentity(path: path) else { continue }
            spelled += 1
            expectEqual(again.file, FileIdentity(path: path), spelling)
            let before = ran.withLock { $0 }
            try again.query("INSERT INTO t VALUES (4)")
            expectEqual(ran.withLock { $0 }, before + 1, spelling)
        }
        SQLiteConnection.cancelBetweenTransactions()
        try database.query("INSERT INTO t VALUES (3)")
        expectEqual(ran.withLock { $0 }, 3 + spelled)
        // Each spelling's insert and the row its moment between wrote.
        try expectEqual(database.value("SELECT count(*) FROM t"), .integer(Int64(6 + 2 * spelled)))
    }

    /// Exercise 19's check tells an add made of one transaction from a look and a write made in two.
    @Test func eachStatementOutsideATransactionBeginsOneOfItsOwn() throws {
        let database = try SQLiteConnection(path: try temporaryPath())
        try database.execute("CREATE TABLE t (k TEXT UNIQUE, n INTEGER)")
        /// The transactions `body` began, and how many of them began with a statement that only reads.
        func begun(_ body: () throws -> Void) rethrows -> (all: Int, reading: Int) {
            let before = (database.transactionsBegun, database.readingTransactionsBegun)
            let inProcess = SQLiteConnection.transactionsBegunInProcess
            try body()
            expectAtLeast(
                SQLiteConnection.transactionsBegunInProcess - inProcess, database.transactionsBegun - before.0)
            return (database.transactionsBegun - before.0, database.readingTransactionsBegun - before.1)
        }
        let upsert = try begun {
            try database.query("INSERT INTO t VALUES ('a', 1) ON CONFLICT(k) DO UPDATE SET n = n + 1")
        }
        expect(upsert == (1, 0))
        let updateThenInsert = try begun {
            try database.query("UPDATE t SET n = n + 1 WHERE k = 'b'")
            try database.query("INSERT INTO t VALUES ('b', 1)")
        }
        expect(updateThenInsert == (2, 0))
        let lookThenInsert = try begun {
            _ = try database.query("SELECT n FROM t WHERE k = 'c'")
            try database.query("INSERT INTO t VALUES ('c', 1)")
        }
        expect(lookThenInsert == (2, 1))
        let inOne = try begun {
            try database.transaction {
                _ = try database.query("SELECT n FROM t")
                try database.query("INSERT INTO t VALUES ('d', 1)")
            }
        }
        expect(inOne == (1, 0))  // `transaction` begins IMMEDIATE, taking the write lock: not a read
        let savepoints = try begun {
            try database.execute(
                "SAVEPOINT one; UPDATE t SET n = 0; RELEASE one; SAVEPOINT two; INSERT INTO t VALUES ('e', 1); RELEASE two"
            )
        }
        expect(savepoints == (2, 2))
        // What a trigger runs is part of its statement's transaction.
        try database.execute("CREATE TRIGGER count AFTER INSERT ON t BEGIN UPDATE t SET n = n + 1 WHERE k = 'a'; END")
        try expect(try begun { try database.query("INSERT INTO t VALUES ('f', 1)") } == (1, 0))
    }

    @Test func badSQLThrowsSQLitesOwnWords() throws {
        let database = try SQLiteConnection(path: try temporaryPath())
        let error = try #require(throws: SQLiteError.self) { try database.query("SELEC 1") }
        expectContains(error.message, "syntax error")
    }

    @Test func aFileThatIsNotADatabaseIsRefusedAndLeftAsItWas() throws {
        let path = try temporaryPath("notes.txt")
        let text = Data("shopping: milk, eggs\n".utf8) + Data(repeating: 0x41, count: 200)
        try text.write(to: URL(fileURLWithPath: path))
        let database = try SQLiteConnection(path: path, create: false)
        let error = try #require(throws: SQLiteError.self) { try database.query("SELECT count(*) FROM sqlite_master") }
        expect(error.isNotADatabase)
        try expectEqual(Data(contentsOf: URL(fileURLWithPath: path)), text)
    }

    @Test func aMissingFileIsNotCreatedWhenCreateIsOff() throws {
        let path = try temporaryPath("absent.sqlite")
        #expect(throws: SQLiteError.self) { try SQLiteConnection(path: path, create: false) }
        expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func twoConnectionsWaitForEachOthersWriteLock() throws {
        let path = try temporaryPath()
        let first = try SQLiteConnection(path: path)
        try first.execute("PRAGMA journal_mode=WAL; CREATE TABLE t (x INTEGER)")
        let second = try SQLiteConnection(path: path, busyTimeout: .milliseconds(50))
        try first.execute("BEGIN IMMEDIATE")
        let error = try #require(throws: SQLiteError.self) { try second.execute("BEGIN IMMEDIATE") }
        expect(error.isBusy)
        try first.execute("COMMIT")
        try second.transaction { try second.query("INSERT INTO t VALUES (1)") }
        try expectEqual(first.query("SELECT count(*) FROM t"), [[.integer(1)]])
    }
}
