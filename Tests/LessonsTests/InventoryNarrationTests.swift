import Testing

@testable import Lessons

/// Every sentence the inventory lesson can print, forced from figures.
@Suite("inventory narration")
struct InventoryNarrationTests {
    func flow(
        listed: [String] = ["Almond milk", "Bread", "Milk", "eggs"], milk: Int = 4, found: [String] = ["Milk"],
        foundIgnoringCase: [String] = ["Almond milk", "Milk"], saved: Int = 4, shown: Int = 4
    ) -> String {
        InventoryNarration.flow(
            listed: listed, milk: milk, found: found, foundIgnoringCase: foundIgnoringCase,
            saved: saved, shown: shown, storeIsolation: "actor InventoryStore", viewIsolation: "main actor")
    }

    @Test func theFlowSaysWhatItsListAndSearchesShowed() {
        expectContains(flow(), "capitals sort before small letters, so \"eggs\" came last")
        expectNotContains(flow(listed: ["Almond milk", "Bread"]), "capitals")
        expectContains(flow(), "\"Mil\" missed \"Almond milk\"")
        expectContains(flow(found: ["Milk"], foundIgnoringCase: ["Milk"]), "found the same products")
        expectContains(flow(), "now 4")
        expectContains(flow(milk: 2), "Milk ended at 2")
        expectContains(flow(), "read the same 4 products")
        expectContains(flow(saved: 3), "read 3 products where the list showed 4")
    }

    @Test func concurrentAddsSayWhatWasKept() {
        let kept = InventoryNarration.concurrentAdds(
            tasks: 100, units: 100, milk: 50, seconds: 0.1, processes: 20, succeeded: 20, processMilk: 20)
        expect(kept.contains("not one of the 100 adds lost") && kept.contains("every acknowledged add was kept"))
        let lost = InventoryNarration.concurrentAdds(
            tasks: 100, units: 98, milk: 48, seconds: 0.1, processes: 20, succeeded: 20, processMilk: 19)
        expect(lost.contains("2 adds lost") && lost.contains("1 acknowledged add lost"), "\(lost)")
        let oneLost = InventoryNarration.concurrentAdds(
            tasks: 100, units: 99, milk: 49, seconds: 0.1, processes: 20, succeeded: 20, processMilk: 18)
        expect(oneLost.contains(": 1 add lost.") && oneLost.contains("2 acknowledged adds lost"), "\(oneLost)")
        let failed = InventoryNarration.concurrentAdds(
            tasks: 100, units: 100, milk: 50, seconds: 0.1, processes: 20, succeeded: 18, processMilk: 18)
        expect(failed.contains("18 of 20 processes exited 0") && !failed.contains("acknowledged adds lost"))
    }

    @Test func crashSafetySaysWhereTheKillsLanded() {
        let outside = InventoryNarration.crashSafety(kills: 5, inside: 0, sound: 5, withCommits: 5)
        expectContains(outside, "None of the 5 kills landed inside")
        // No kill inside a transaction: there was no half-written one to leave no row.
        expectNotContains(outside, "half-written")
        let mixed = InventoryNarration.crashSafety(kills: 5, inside: 3, sound: 5, withCommits: 2)
        expectContains(mixed, "3 of the 5 kills landed inside")
        expectContains(mixed, "the half-written one left no row.")
        expectNotContains(mixed, "No kill came after a commit")
        expectContains(
            InventoryNarration.crashSafety(kills: 5, inside: 3, sound: 4, withCommits: 2),
            "1 of 5 databases was not sound")
        expectContains(
            InventoryNarration.crashSafety(kills: 5, inside: 3, sound: 3, withCommits: 2),
            "2 of 5 databases were not sound")
    }

    /// taskset -c 0 beside a CPU hog: every kill landed in transaction 1, every database held 0
    /// transactions. The run showed nothing cut short surviving, and no commit kept: it says so.
    @Test func killsThatAllCameBeforeTheFirstCommitAreSaidToShowNoCommit() {
        let early = InventoryNarration.crashSafety(kills: 5, inside: 5, sound: 5, withCommits: 0)
        expectContains(early, "the half-written one left no row.")
        expectContains(early, "No kill came after a commit on this run (every database held 0 transactions)")
        expectContains(early, "not a commit surviving")
    }

    @Test func corruptStoresCountWhatWasRefused() {
        expectEqual(
            InventoryNarration.corruptStores(files: 6, refused: 6, untouched: 6),
            "All 6 refused with a reason; 6 of 6 files are byte-for-byte unchanged.")
        expect(InventoryNarration.corruptStores(files: 6, refused: 5, untouched: 6).hasPrefix("5 of 6 refused"))
    }

    @Test func theSharedConnectionSentenceFollowsItsCounts() {
        let actor = SharedConnectionDemo.Result(attempted: 1000, succeeded: 1000, errors: [:], milk: 1000)
        let collided = SharedConnectionDemo.Result(
            attempted: 1000, succeeded: 40, errors: ["cannot start a transaction within a transaction": 960], milk: 40)
        expectContains(
            InventoryNarration.sharedConnection(shared: collided, childSummary: "", isolated: actor),
            "960 of 1000 adds failed: a connection has one transaction at a time")
        let confused = SharedConnectionDemo.Result(
            attempted: 1000, succeeded: 40, errors: ["a": 900, "not an error": 60], milk: 30)
        let sentence = InventoryNarration.sharedConnection(shared: confused, childSummary: "", isolated: actor)
        expect(sentence.contains("10 reported as saved are missing") && sentence.contains("the failures took 2 forms"))
        let oneMissing = SharedConnectionDemo.Result(
            attempted: 1000, succeeded: 40, errors: ["a": 960], milk: 39)
        let failedOnce = SharedConnectionDemo.Result(attempted: 1000, succeeded: 999, errors: ["a": 1], milk: 999)
        let singular = InventoryNarration.sharedConnection(shared: oneMissing, childSummary: "", isolated: failedOnce)
        expect(
            singular.contains("1 reported as saved is missing") && singular.contains("Through the actor 1 add failed"))
        expectContains(
            InventoryNarration.sharedConnection(shared: actor, childSummary: "", isolated: actor), "luck of the timing")
        expectContains(
            InventoryNarration.sharedConnection(shared: nil, childSummary: "stopped by signal 11", isolated: actor),
            "stopped by signal 11")
        expectContains(
            InventoryNarration.sharedConnection(shared: actor, childSummary: "", isolated: actor),
            "all 1000 adds succeeded")
    }

    @Test func transactionsStateTheMeasuredRatio() {
        expectContains(
            InventoryNarration.transactions(adds: 300, each: 0.15, all: 0.005, batched: 0.007), "30× as long")
        expectContains(
            InventoryNarration.transactions(adds: 300, each: 0.006, all: 0.005, batched: 0.007),
            "about as long as one for all (1.2×)")
        expectContains(
            InventoryNarration.transactions(adds: 300, each: 0.006, all: 0.005, batched: 0.007),
            "longer than a transaction each on this run though it made 6 commits to 300")
    }

    /// Every ordering of the three times gets a sentence that fits it.
    @Test func theBatchesSentenceFitsEveryOrderingOfTheTimes() {
        func text(each: Double, all: Double, batched: Double) -> String {
            InventoryNarration.transactions(adds: 300, each: each, all: all, batched: batched)
        }
        // The report's busy one-CPU run: per 50 quicker than one for all.
        let quicker = text(each: 0.0071, all: 0.00653, batched: 0.00623)
        expectContains(
            quicker, "One per 50 took 6.23 ms, 6 commits, less even than one transaction for all (6.53 ms) on this run")
        expectNotContains(quicker, "most of the saving")
        // Near one for all, far from a transaction each.
        let most = text(each: 0.15, all: 0.005, batched: 0.007)
        expectContains(most, "against 150 ms for a transaction each and 5 ms for one: most of the saving")
        // Nearer a transaction each.
        let less = text(each: 0.15, all: 0.005, batched: 0.1)
        expectContains(less, "less than half of the saving on this run")
        expectNotContains(less, "most of the saving")
        // Commits cheap: between the two, little to save.
        expectContains(text(each: 0.006, all: 0.005, batched: 0.0055), "between the two: with commits this cheap")
        // A transaction each quicker than one for all.
        let eachFirst = text(each: 0.005, all: 0.006, batched: 0.0045)
        expectContains(eachFirst, "A transaction per add took 5 ms, less than one for all (6 ms) on this run")
        expectContains(eachFirst, "less even than one transaction for all")
        expectNotContains(eachFirst, "as long as")
        // Slower than a transaction each.
        expectContains(text(each: 0.15, all: 0.005, batched: 0.2), "longer than a transaction each")
    }

    @Test func theHopIsComparedWithACommit() {
        expectContains(InventoryNarration.hopCost(direct: 5e-6, actor: 4e-6, add: 5e-4), "no slower")
        expectContains(
            InventoryNarration.hopCost(direct: 5e-6, actor: 25e-6, add: 5e-4), "under a tenth of one committed add")
        expectContains(InventoryNarration.hopCost(direct: 5e-6, actor: 85e-6, add: 5e-4), "16% of one committed add")
    }
}
