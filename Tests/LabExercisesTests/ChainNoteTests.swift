import Testing

/// What a check adds to its wait's record when the answer begins a chain of tasks meanwhile
/// (`Exercises/Support/CheckSupport/ChainNote.swift`, compiled here too): on a pool one thread wide
/// such a chain can keep the awaited call from ever returning, and the grader's "did not finish"
/// then names the chain.
@Suite("A wait's record names a chain of tasks begun meanwhile")
struct ChainNoteTests {
    @Test func fewerTasksThanAChainAddNothing() {
        expectEqual(ChainNote.record(awaited: "fetchAll()", begun: 0, lastTold: 0), nil)
        expectEqual(ChainNote.record(awaited: "fetchAll()", begun: ChainNote.tasksOfAChain - 1, lastTold: 0), nil)
    }

    @Test func aChainsCountIsSaidWithTheWait() throws {
        let record = try unwrap(ChainNote.record(awaited: "fetchAll()", begun: 16_439_443, lastTold: 0))
        expect(record.hasPrefix("fetchAll(), while your code began 16439443 tasks"), record)
        expect(record.contains("a chain of tasks"), record)
    }

    @Test func itIsSaidAgainOnlyOnceTheCountHasDoubled() {
        let told = 5000
        expectEqual(ChainNote.record(awaited: "fetchAll()", begun: 2 * told - 1, lastTold: told), nil)
        expect(ChainNote.record(awaited: "fetchAll()", begun: 2 * told, lastTold: told) != nil)
    }

    @Test func aHundredChainsEndTheCheckRefusedAndFewerDoNot() throws {
        expectEqual(ChainNote.stop(awaited: "fetchAll()", begun: ChainNote.tasksThatEndTheCheck - 1), nil)
        let stop = try unwrap(ChainNote.stop(awaited: "fetchAll()", begun: ChainNote.tasksThatEndTheCheck))
        expect(stop.contains("waited for fetchAll()") && stop.contains("a chain of tasks"), stop)
        expect(ChainNote.tasksThatEndTheCheck >= 100 * ChainNote.tasksOfAChain)
    }

    /// 12's counter that increments in a group's child per call began 152,326 tasks in one wait of
    /// 69,536 calls, and was stopped as a chain (helper 186): a wait of many calls allows a few
    /// tasks a call, beyond which it is still told and stopped.
    @Test func aWaitOfManyCallsAllowsAFewTasksACall() throws {
        let calls = 69_536
        let allowed = ChainNote.allowance(calls: calls)
        expect(allowed >= 2 * calls)
        expectEqual(ChainNote.stop(awaited: "downloads", begun: 152_326, calls: calls), nil)
        expectEqual(ChainNote.record(awaited: "downloads", begun: 152_326, lastTold: 0, calls: calls), nil)
        expectEqual(
            ChainNote.stop(awaited: "downloads", begun: ChainNote.tasksThatEndTheCheck + allowed - 1, calls: calls), nil
        )
        expect(
            ChainNote.stop(awaited: "downloads", begun: ChainNote.tasksThatEndTheCheck + allowed, calls: calls) != nil)
        expectEqual(
            ChainNote.record(
                awaited: "downloads", begun: ChainNote.tasksOfAChain + allowed - 1, lastTold: 0, calls: calls),
            nil)
        expect(
            ChainNote.record(awaited: "downloads", begun: ChainNote.tasksOfAChain + allowed, lastTold: 0, calls: calls)
                != nil)
        // A wait of one call (the default) allows nothing more.
        expectEqual(ChainNote.allowance(calls: 0), 0)
        expect(ChainNote.stop(awaited: "fetchAll()", begun: 152_326) != nil)
    }
}
