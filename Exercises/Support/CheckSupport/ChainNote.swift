/// What `ChainWitness` adds to a wait's record once the answer has begun a chain's worth of tasks
/// during it: a pure function of the counts, so a test can force each outcome.
enum ChainNote {
    /// More tasks than a correct answer begins in one wait: a chain on one thread begins millions in
    /// a check's 15 s (16 million, 17's `a-chain-of-detached-lookers` on a pool one thread wide), and
    /// the answers that begin the most in a wait for one call (a group's children, a task per change)
    /// begin tens to a few hundred. A wait of many calls allows a few tasks a call more (`allowance`).
    static let tasksOfAChain = 1000

    /// So many that the check ends at once, refused (`stop`), rather than waiting out its time
    /// limit: a hundred times a chain's count, which a chain on one thread begins within a second
    /// (about a million a second, measured as above), and no correct answer comes near.
    static let tasksThatEndTheCheck = 100_000

    /// Tasks one call of the answer's may begin, where the check makes many calls in one wait: a
    /// correct answer may begin a task or a group's child per call (12's counter, helper 186: 152,326
    /// tasks in one wait, each call's increment in a discarding group's child), and a few more.
    static let tasksACallMayBegin = 4

    /// The tasks a wait of `calls` calls allows beyond a chain's counts: none for a wait of one call.
    static func allowance(calls: Int) -> Int { max(0, calls) * tasksACallMayBegin }

    /// The wait's record with the tasks begun since it began, when they are a chain's (beyond what
    /// its `calls` allow) and at least twice as many as it last said (a few records, however long
    /// the chain runs); nil otherwise.
    static func record(awaited: String, begun: Int, lastTold: Int, calls: Int = 0) -> String? {
        guard begun >= tasksOfAChain + allowance(calls: calls), begun >= 2 * lastTold else { return nil }
        return
            "\(awaited), while your code began \(begun) tasks (a chain of tasks, each looking once and starting the next?)"
    }

    /// The check's failure once the tasks begun during one wait reach `tasksThatEndTheCheck` beyond
    /// what its `calls` allow; nil below.
    static func stop(awaited: String, begun: Int, calls: Int = 0) -> String? {
        guard begun >= tasksThatEndTheCheck + allowance(calls: calls) else { return nil }
        return
            "while the check waited for \(awaited), your code began \(begun) tasks (a chain of tasks, each looking once and starting the next?), and the check stopped there: await the result itself (a continuation its event resumes), which costs nothing while it waits"
    }
}
