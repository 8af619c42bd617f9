import CLabShims
import LabCore

/// The moment between two transactions of one connection, for a check to stand another
/// program's write in.
///
/// Exercise 19's add must look and write in one transaction: an add that looks for a product's
/// row in one (or updates nothing, finding none) and inserts it in the next lets another store
/// insert the same product in between. That happens in some runs of a race, not in every run;
/// written here, between the two, it happens every time.
extension SQLiteConnection {
    /// Runs `body` once, on the thread of the first statement of this process's connections to
    /// the file at `path` to end, after this call, with its connection holding no transaction: a
    /// statement run on its own (SQLite made it a transaction of its own), a COMMIT, a ROLLBACK.
    /// A later call replaces a `body` that has not run. `body` may use another connection (its
    /// own statements do not run it again: it is taken before it runs).
    public static func onceBetweenTransactions(of path: String, _ body: @escaping @Sendable () -> Void) {
        betweenTransactions.withLock { $0 = (path, body) }
    }

    /// Drops the `body` given, if it has not run; true if it had not.
    @discardableResult
    public static func cancelBetweenTransactions() -> Bool {
        betweenTransactions.withLock { waiting in
            defer { waiting = nil }
            return waiting != nil
        }
    }

    private static let betweenTransactions = Locked<(path: String, body: @Sendable () -> Void)?>(nil)

    /// Called as each statement (or `execute`'s statements) of this connection ends.
    func endedStatements() {
        guard lab_sqlite_get_autocommit(handle) != 0,
            let body = Self.betweenTransactions.withLock({ waiting -> (@Sendable () -> Void)? in
                guard let (path, body) = waiting, path == self.path else { return nil }
                waiting = nil
                return body
            })
        else { return }
        body()
    }
}
