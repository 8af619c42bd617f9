/// Two actors that cannot skip a hop: every call goes into `Callee` and back to `Caller`,
/// because each side touches its own state on every step. (A loop of calls into one actor from
/// the pool may not hop per call at all: the optimizer can run the whole loop on that actor,
/// and the hop counts in the actor suite's report show when it did.)
actor HoppingCallee {
    private var calls = 0
    func work() { calls &+= 1 }
}

actor HoppingCaller {
    private var steps = 0

    /// `times` calls into `callee`, each followed by work on this actor: two executor switches each.
    func call(_ callee: HoppingCallee, times: Int) async {
        for _ in 0..<times {
            await callee.work()
            steps &+= 1
        }
    }
}
