import CLabShims
import Foundation

/// An SQLite failure, with SQLite's own words.
public struct SQLiteError: Error, Equatable, CustomStringConvertible {
    /// SQLite's extended result code; `primaryCode` is its low byte.
    public let code: Int32
    public let message: String

    public var primaryCode: Int32 { code & 0xFF }
    /// Another connection holds the lock (SQLITE_BUSY, SQLITE_LOCKED).
    public var isBusy: Bool { primaryCode == 5 || primaryCode == 6 }
    /// The file is not an SQLite database (SQLITE_NOTADB), or is damaged (SQLITE_CORRUPT).
    public var isNotADatabase: Bool { primaryCode == 26 || primaryCode == 11 }

    public var description: String { message }
}

/// A value in a row or a parameter of a statement: the types the lab stores.
public enum SQLiteValue: Sendable, Equatable {
    case integer(Int64)
    case text(String)
    case null
}

/// One SQLite connection: open, prepare, bind, step, transactions.
///
/// Not `Sendable`, on purpose: a connection must be used by one thread at a time, so an
/// actor owns it (the inventory's store) and nothing else can reach it.
/// The raw pointers are SQLite's own `sqlite3 *` / `sqlite3_stmt *` handles and the shim's count
/// of a connection's transactions, opaque to Swift: only the C shim dereferences them, and each
/// is closed (the count freed with its connection) exactly once, in `deinit`.
public final class SQLiteConnection {
    let handle: UnsafeMutableRawPointer
    /// The shim's count of the transactions this connection begins (`transactionsBegun`).
    private let counter: UnsafeMutableRawPointer?
    public let path: String
    /// The file this connection opened (nil: in memory), to tell it from another whatever its path.
    let file: FileIdentity?

    /// Where the SQLite library was loaded from, loading it on first use.
    public static func library() throws -> String {
        var whereFrom: UnsafePointer<CChar>?
        var problem: UnsafePointer<CChar>?
        guard lab_sqlite_load(&whereFrom, &problem) == 0 else {
            throw SQLiteError(
                code: -1, message: "cannot load SQLite: \(problem.map { String(cString: $0) } ?? "unknown reason")")
        }
        return whereFrom.map { String(cString: $0) } ?? "?"
    }

    public static var version: String? {
        guard (try? library()) != nil else { return nil }
        return String(cString: lab_sqlite_libversion())
    }

    /// Opens (and, with `create`, creates) the database at `path`. Waits up to
    /// `busyTimeout` for another connection's lock before a statement fails as busy.
    public init(path: String, create: Bool = true, busyTimeout: Duration = .seconds(10)) throws {
        _ = try Self.library()
        let readWrite: Int32 = 0x2
        let createFlag: Int32 = 0x4
        var opened: UnsafeMutableRawPointer?
        var counter: UnsafeMutableRawPointer?
        let status = lab_sqlite_open(path, readWrite | (create ? createFlag : 0), &opened, &counter)
        guard let opened else {
            lab_sqlite_close(nil, counter)
            throw SQLiteError(code: status, message: String(cString: lab_sqlite_errstr(status)))
        }
        guard status == 0 else {
            let error = SQLiteError(
                code: lab_sqlite_extended_errcode(opened), message: String(cString: lab_sqlite_errmsg(opened)))
            lab_sqlite_close(opened, counter)
            throw error
        }
        handle = opened
        self.counter = counter
        self.path = path
        // The file SQLite opened, however `path` spelled it (see `endedStatements`).
        file = lab_sqlite_db_filename(opened).flatMap { FileIdentity(path: String(cString: $0)) }
        let milliseconds =
            busyTimeout.components.seconds * 1000 + busyTimeout.components.attoseconds / 1_000_000_000_000_000
        lab_sqlite_busy_timeout(handle, Int32(clamping: milliseconds))
    }

    deinit { lab_sqlite_close(handle, counter) }

    /// Runs one or more statements that return no rows.
    public func execute(_ sql: String) throws {
        let status = lab_sqlite_exec(handle, sql)
        endedStatements()
        try check(status)
    }

    /// Runs one statement with `values` bound to its `?` parameters; returns its rows.
    @discardableResult
    public func query(_ sql: String, _ values: [SQLiteValue] = []) throws -> [[SQLiteValue]] {
        let statement = try prepare(sql)
        try statement.bind(values)
        var rows: [[SQLiteValue]] = []
        while try statement.step() { rows.append(statement.row) }
        return rows
    }

    /// The first column of the first row (`SELECT count(*) …`, `PRAGMA user_version`), or nil
    /// when there is no row.
    public func value(_ sql: String, _ values: [SQLiteValue] = []) throws -> SQLiteValue? {
        try query(sql, values).first?.first
    }

    /// Deletes a database file and the write-ahead log and index SQLite keeps beside it.
    public static func removeFiles(at path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    public func prepare(_ sql: String) throws -> SQLiteStatement {
        var prepared: UnsafeMutableRawPointer?
        try check(lab_sqlite_prepare(handle, sql, &prepared))
        guard let prepared else { throw SQLiteError(code: 21, message: "no statement in: \(sql)") }
        return SQLiteStatement(handle: prepared, connection: self)
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { Int(lab_sqlite_changes(handle)) }

    /// How many transactions this connection has begun so far: each BEGIN or SAVEPOINT outside a
    /// transaction, and each statement run outside one (SQLite makes it a transaction of its
    /// own). Read before and after an operation, it says whether the operation's statements ran
    /// as one: a look and a write in two transactions let another connection write between them.
    public var transactionsBegun: Int { Int(lab_sqlite_transactions_begun(counter)) }

    /// Of those, the ones begun by a statement that only reads (a SELECT; a deferred BEGIN and a
    /// SAVEPOINT too: BEGIN IMMEDIATE, which `transaction` uses, takes the write lock).
    /// A read in one transaction and a write in another is a look that another connection's
    /// write can make stale before the write.
    public var readingTransactionsBegun: Int { Int(lab_sqlite_reading_transactions_begun(counter)) }

    /// The same two, over every connection this process has opened: what a check reads around a
    /// call of code that keeps its connection to itself (exercise 19's, around each add).
    public static var transactionsBegunInProcess: Int { Int(lab_sqlite_transactions_begun(nil)) }
    public static var readingTransactionsBegunInProcess: Int { Int(lab_sqlite_reading_transactions_begun(nil)) }

    /// Runs `body` in a transaction that takes the write lock at once (BEGIN IMMEDIATE, so
    /// two writers wait for each other at the start instead of failing midway). Commits when
    /// `body` returns, rolls back when it throws.
    @discardableResult
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    func check(_ status: Int32) throws {
        guard status != 0 else { return }
        throw SQLiteError(
            code: lab_sqlite_extended_errcode(handle), message: String(cString: lab_sqlite_errmsg(handle)))
    }
}

/// A prepared statement. Lives with its connection, on the connection's thread.
public final class SQLiteStatement {
    private let handle: UnsafeMutableRawPointer
    private let connection: SQLiteConnection

    fileprivate init(handle: UnsafeMutableRawPointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    deinit { lab_sqlite_finalize(handle) }

    /// Binds `values` to the parameters, in order, after resetting the statement.
    public func bind(_ values: [SQLiteValue]) throws {
        _ = lab_sqlite_reset(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            switch value {
            case .integer(let number): try connection.check(lab_sqlite_bind_int64(handle, index, number))
            case .null: try connection.check(lab_sqlite_bind_null(handle, index))
            case .text(let text):
                var utf8 = Array(text.utf8)
                let count = Int32(utf8.count)
                try utf8.withUnsafeMutableBufferPointer { buffer in
                    try buffer.withMemoryRebound(to: CChar.self) {
                        try connection.check(lab_sqlite_bind_text(handle, index, $0.baseAddress, count))
                    }
                }
            }
        }
    }

    /// Advances to the next row: true when there is one, false when the statement is done.
    public func step() throws -> Bool {
        switch lab_sqlite_step(handle) {
        case 100: return true  // SQLITE_ROW
        case 101:  // SQLITE_DONE
            connection.endedStatements()
            return false
        case let status:
            _ = lab_sqlite_reset(handle)
            connection.endedStatements()
            try connection.check(status)
            return false
        }
    }

    /// The current row's columns.
    public var row: [SQLiteValue] {
        (0..<lab_sqlite_column_count(handle)).map { column in
            switch lab_sqlite_column_type(handle, column) {
            case 1: return .integer(lab_sqlite_column_int64(handle, column))  // SQLITE_INTEGER
            case 5: return .null  // SQLITE_NULL
            default:
                let count = Int(lab_sqlite_column_bytes(handle, column))
                guard let bytes = lab_sqlite_column_text(handle, column) else { return .null }
                return .text(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
            }
        }
    }
}
