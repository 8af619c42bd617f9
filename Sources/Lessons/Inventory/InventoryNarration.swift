import Foundation
import LabCore

/// The inventory lesson's sentences, each chosen from the run's figures (tests force every branch).
enum InventoryNarration {
    static func flow(
        listed: [String], milk: Int, found: [String], foundIgnoringCase: [String], saved: Int, shown: Int,
        storeIsolation: String, viewIsolation: String
    ) -> String {
        var sentences: [String] = []
        let capitalsFirst = zip(listed, listed.dropFirst()).contains { pair in
            pair.0.first?.isUppercase == true && pair.1.first?.isLowercase == true
                && pair.0.lowercased() > pair.1.lowercased()
        }
        sentences.append(
            capitalsFirst
                ? "ORDER BY name compares character codes, as the book's sort descriptor does (it compares with `compare:`): capitals sort before small letters, so \(listed.last.map { "\"\($0)\"" } ?? "a lower-case name") came last."
                : "ORDER BY name put the names in the order shown.")
        sentences.append(
            milk == 4
                ? "\"milk 2\" went to Milk, now 4: the lab keys a product by its name in any case, where the book's addProduct() inserts a second row."
                : "Milk ended at \(milk) after \"Milk 2\" and \"milk 2\".")
        let missed = Set(foundIgnoringCase).subtracting(found).sorted()
        sentences.append(
            missed.isEmpty
                ? "CONTAINS and CONTAINS[c] found the same products here."
                : "CONTAINS is case-sensitive, as in the book: \"Mil\" missed \(missed.map { "\"\($0)\"" }.joined(separator: " and ")), which CONTAINS[c] found."
        )
        sentences.append(
            saved == shown
                ? "A fresh store on the same file read the same \(saved) products: every add and the delete were committed when they returned."
                : "A fresh store read \(saved) products where the list showed \(shown).")
        sentences.append("Store work ran on the \(storeIsolation); the list changed only on the \(viewIsolation).")
        return sentences.joined(separator: " ")
    }

    /// Where the book's Core Data app and this store differ (true of the code, every run).
    static let differences = """
        Where Core Data has more, or differs: the book's quantity is a String attribute — here a \
        whole number, so stock adds up and the database refuses anything else (its CHECK \
        constraint). `viewContext.save()` commits a context's pending changes together; here each \
        store call is its own transaction (`add` of several products is one). @FetchRequest \
        refetches by itself when the context saves; the view model refetches after each change. \
        Managed objects, faulting, undo, migrations and CloudKit sync have no counterpart.
        """

    static func concurrentAdds(
        tasks: Int, units: Int, milk: Int, seconds: Double,
        processes: Int, succeeded: Int, processMilk: Int
    ) -> String {
        let inProcess =
            units == tasks && milk == tasks / 2
            ? "The database holds \(units) units, Milk at \(milk): not one of the \(tasks) adds lost (\(seconds.formattedAsDuration) for \(tasks) transactions)."
            : "The database holds \(units) units, Milk at \(milk), where \(tasks) and \(tasks / 2) were added: \(CountWords.of(tasks - units, "add")) lost."
        let across =
            succeeded == processes && processMilk == processes
            ? "All \(processes) processes exited 0 and Milk is \(processMilk): every acknowledged add was kept, across processes."
            : "\(succeeded) of \(processes) processes exited 0 and Milk is \(processMilk)\(processMilk < succeeded ? ": \(CountWords.of(succeeded - processMilk, "acknowledged add")) lost" : "")."
        return inProcess + " " + across
    }

    /// `withCommits`: the databases that held at least one whole transaction after their kill.
    /// A busy machine (taskset -c 0 beside a CPU hog) slows the child so that every kill can come
    /// within its first transaction: that run shows a cut-short transaction leaving nothing, not a
    /// commit surviving, and says so; with no kill inside a transaction there is no half-written one.
    static func crashSafety(kills: Int, inside: Int, sound: Int, withCommits: Int) -> String {
        let landed =
            inside == 0
            ? "None of the \(kills) kills landed inside a transaction this time (between transactions the database is simply complete)."
            : "\(inside) of the \(kills) kills landed inside a transaction, by the child's log."
        guard sound == kills else {
            return landed + " "
                + "\(kills - sound) of \(kills) databases \(CountWords.were(kills - sound)) not sound after the kill: damaged, or holding part of a transaction."
        }
        let verdict =
            "Every database opened, passed the integrity check, and held exactly the transactions that had committed"
            + (inside == 0 ? "." : ": the half-written one left no row.")
        guard withCommits == 0 else { return landed + " " + verdict }
        return landed + " " + verdict
            + " No kill came after a commit on this run (every database held 0 transactions), so it showed a transaction cut short leaving nothing, not a commit surviving; run it again to see one kept whole."
    }

    static func corruptStores(files: Int, refused: Int, untouched: Int) -> String {
        (refused == files ? "All \(files) refused with a reason" : "\(refused) of \(files) refused")
            + "; \(untouched) of \(files) files are byte-for-byte unchanged."
    }

    static func sharedConnection(
        shared: SharedConnectionDemo.Result?, childSummary: String, isolated: SharedConnectionDemo.Result
    ) -> String {
        let actor =
            isolated.failed == 0 && isolated.milk == isolated.attempted
            ? "Through the actor all \(isolated.attempted) adds succeeded and Milk is \(isolated.milk)."
            : "Through the actor \(CountWords.of(isolated.failed, "add")) failed and Milk is \(isolated.milk) of \(isolated.attempted)."
        guard let shared else {
            return
                "The child sharing the connection \(childSummary) before it could report: sharing a connection without isolation can crash the program. "
                + actor
        }
        let unisolated: String
        if shared.failed == 0 && shared.lost == 0 {
            unisolated =
                "This time the threads never collided on the shared connection (all \(shared.attempted) adds succeeded): luck of the timing, not a guarantee."
        } else {
            var parts = ["On the shared connection \(shared.failed) of \(shared.attempted) adds failed"]
            if shared.lost > 0 {
                parts.append("\(shared.lost) reported as saved \(shared.lost == 1 ? "is" : "are") missing")
            }
            unisolated =
                parts.joined(separator: " and ")
                + ": a connection has one transaction at a time, so one thread's BEGIN ran into another's transaction"
                + (shared.errors.count > 1
                    ? " (or one thread's rollback ended another's): the failures took \(shared.errors.count) forms."
                    : ".")
        }
        return unisolated + " " + actor
    }

    /// The three ways' times, compared in whatever order this run measured them: a batched run
    /// quicker than one transaction for all, or slower than a transaction each, is said to be.
    static func transactions(adds: Int, each: Double, all: Double, batched: Double) -> String {
        guard all > 0, batched > 0 else { return "" }
        let ratio = each / all
        let (eachTime, allTime) = (each.formattedAsDuration, all.formattedAsDuration)
        let comparison =
            ratio >= 1.5
            ? "A transaction per add took \(ratio.formattedAsRatio) as long as one transaction for all \(adds): the same adds, so the difference is the commits."
            : ratio >= 1
                ? "A transaction per add took about as long as one for all (\(ratio.formattedAsRatio)) on this run: commits were cheap here."
                : "A transaction per add took \(eachTime), less than one for all (\(allTime)) on this run: its \(adds) commits cost nothing the run could measure."
        let size = InventoryWorkload.batchSize
        let commits = adds / size
        let batchedTime = batched.formattedAsDuration
        let crash = "and a crash loses at most one batch."
        let batches: String
        if batched > each {
            batches =
                "One per \(size) took \(batchedTime), longer than a transaction each on this run though it made \(commits) commits to \(adds): what it spent more was not commits, and the run does not say what it was."
        } else if batched < all {
            batches =
                "One per \(size) took \(batchedTime), \(commits) commits, less even than one transaction for all (\(allTime)) on this run: its extra commits cost nothing the run could measure, \(crash)"
        } else if ratio < 1.5 {
            batches =
                "One per \(size) took \(batchedTime), \(commits) commits, between the two: with commits this cheap there was little to save, \(crash)"
        } else if batched - all <= (each - all) / 2 {
            batches =
                "One per \(size) took \(batchedTime), \(commits) commits, against \(eachTime) for a transaction each and \(allTime) for one: most of the saving, \(crash)"
        } else {
            batches =
                "One per \(size) took \(batchedTime), \(commits) commits, against \(eachTime) for a transaction each and \(allTime) for one: less than half of the saving on this run, \(crash)"
        }
        return comparison + " " + batches
    }

    static func hopCost(direct: Double, actor: Double, add: Double) -> String {
        guard actor > direct else {
            return
                "Through the actor a call was no slower than directly on this run (\(actor.formattedAsDuration) vs \(direct.formattedAsDuration)): the hop was lost in the noise."
        }
        let hop = actor - direct
        let share = add > 0 ? hop / add : 0
        return
            "The hop added \(hop.formattedAsDuration) a call (\(actor.formattedAsDuration) vs \(direct.formattedAsDuration) directly)"
            + (share < 0.1
                ? ", under a tenth of one committed add (\(add.formattedAsDuration)): for a database the actor's cost is small."
                : ", \(Int((share * 100).rounded()))% of one committed add (\(add.formattedAsDuration)): batch small queries into one call.")
    }
}
