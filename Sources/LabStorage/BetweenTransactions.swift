import CLabShims
import Foundation
import LabCore

/// The moments between two transactions of one connection, for a check to stand another
/// program's writes in.
///
/// Exercise 19's add must look and write in one transaction: an add that looks for a product's
/// row in one (or updates nothing, finding none) and inserts it in the next lets another store
/// insert the same product in between. That happens in some runs of a race, not in every run;
/// written here, between the two, it happens every time.
extension SQLiteConnection {
    /// Runs `body` on the thread of each statement of this process's connections to the file at
    /// `path` that ends, from now until `cancelBetweenTransactions()`, with its connection holding
    /// no transaction: a statement run on its own (SQLite made it a transaction of its own), a
    /// COMMIT, a ROLLBACK. Not while `body` runs: its own statements (through another connection)
    /// and other threads' do not run it again. A later call replaces the `body` given.
    public static func betweenTransactions(of path: String, _ body: @escaping @Sendable () -> Void) {
        betweenTransactions.withLock { $0 = Watch(path: path, body: body) }
    }

    /// Stops the `body` given: it runs no more (it may be running now, on another thread).
    public static func cancelBetweenTransactions() {
        betweenTransactions.withLock { $0 = nil }
    }

    private struct Watch: Sendable {
        let path: String
        let body: @Sendable () -> Void
        var running = false
    }

    private static let betweenTransactions = Locked<Watch?>(nil)

    /// Called as each statement (or `execute`'s statements) of this connection ends. The file is
    /// told by its identity, not by how its path was spelled: a connection opened as `/./tmp/x`,
    /// `//tmp/x` or `file:/tmp/x` is the same file's, and an answer to 19 that opened its store so
    /// went unwatched (an audit's, session 41).
    func endedStatements() {
        guard lab_sqlite_get_autocommit(handle) != 0,
            let body = Self.betweenTransactions.withLock({ watch -> (@Sendable () -> Void)? in
                guard let current = watch, !current.running,
                    current.path == path || (file != nil && file == FileIdentity(path: current.path))
                else { return nil }
                watch?.running = true
                return current.body
            })
        else { return }
        body()
        Self.betweenTransactions.withLock { $0?.running = false }
    }
}

/// A file as the system knows it, whatever its path's spelling: its device and inode.
struct FileIdentity: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64

    /// Nil where nothing is at `path` (or it cannot be read).
    init?(path: String) {
        var information = stat()
        guard stat(path, &information) == 0 else { return nil }
        // `dev_t` is signed on a Mac: its bits, not its value.
        device = UInt64(bitPattern: Int64(information.st_dev))
        inode = UInt64(information.st_ino)
    }
}
