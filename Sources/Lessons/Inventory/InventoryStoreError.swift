import Foundation
import LabCore

/// Why a store file cannot be used. Every case leaves the file exactly as it was.
public enum InventoryStoreError: Error, Equatable, CustomStringConvertible {
    case notADatabase(path: String, reason: String)
    case foreign(path: String)
    case newerVersion(path: String, version: Int)
    case earlierJSONStore(path: String)
    case notAnEarlierStore(path: String, reason: String)
    case alreadyImported(path: String, products: Int)
    case database(path: String, message: String)

    public var description: String {
        switch self {
        case .notADatabase(let path, let reason):
            "\(path) is not a readable inventory database (\(reason)); it was left untouched"
        case .foreign(let path): "\(path) is another program's SQLite database, not an inventory; it was left untouched"
        case .newerVersion(let path, let version):
            "\(path) has inventory schema \(version), newer than this lab's \(InventoryDatabase.schemaVersion); it was left untouched"
        case .earlierJSONStore(let path):
            "\(path) is a JSON inventory from an earlier version of the lab; copy it into a database with: inventory import \(path)"
        case .notAnEarlierStore(let path, let reason): "cannot import \(path): \(reason); nothing was imported"
        case .alreadyImported(let path, let products):
            "\(path) was already imported (\(products) product\(products == 1 ? "" : "s")); importing it again would count them twice, so nothing was imported"
        case .database(let path, let message): "\(path): \(Self.explained(message))"
        }
    }

    /// SQLite's words, with what they mean for a store when they alone would puzzle.
    static func explained(_ message: String) -> String {
        switch message {
        case "attempt to write a readonly database":
            "cannot be used here: the store or its folder is read-only, and SQLite writes beside a store (its -wal and -shm files) even to read it; copy it to a folder you can write to (SQLite: \(message))"
        case "unable to open database file":
            "cannot be opened or created here (SQLite: \(message))"
        case "database is locked":
            "another connection is writing to it (another program, or another store open on the same file), and the lab stopped waiting for its lock; nothing was changed, so try again (SQLite: \(message))"
        default: message
        }
    }
}

/// What is at a store's path, judged from its first bytes before SQLite is asked to open it.
enum StoreFileKind: Equatable {
    case missing, empty, sqlite, earlierJSON, other

    /// Every SQLite 3 database file starts with these 16 bytes.
    static let sqliteHeader = Array("SQLite format 3\0".utf8)

    /// Another process may be creating the database this very moment: its first bytes can be
    /// short of the header, or not yet there. Those count as SQLite (its locks make this
    /// process wait until the file is whole, and it refuses the file if it stays wrong), and
    /// a file that looks foreign is looked at again a few times before it is called foreign.
    static func of(_ path: String) -> StoreFileKind {
        var kind = glance(path)
        for _ in 0..<5 where kind == .other {
            Thread.sleep(forTimeInterval: 0.01)
            kind = glance(path)
        }
        return kind
    }

    static func glance(_ path: String) -> StoreFileKind {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return FileManager.default.fileExists(atPath: path) ? .other : .missing
        }
        defer { try? handle.close() }
        guard let start = try? handle.read(upToCount: 4096), !start.isEmpty else { return .empty }
        let head = Array(start.prefix(16))
        if sqliteHeader.starts(with: head) || head.allSatisfy({ $0 == 0 }) { return .sqlite }
        if String(decoding: start, as: UTF8.self).contains("\"\(EarlierJSONStore.format)\"") { return .earlierJSON }
        return .other
    }
}
