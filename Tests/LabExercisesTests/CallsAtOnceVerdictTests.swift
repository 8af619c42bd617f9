import Testing

/// Exercise 01's verdict on its calls at once (`Exercises/Support/CheckSupport/CallsAtOnceVerdict.swift`,
/// compiled into this target through a link), each outcome forced from figures: a run of the check
/// shows the stalled machine's outcome only when the machine stalls, and the late ones only for
/// answers that wait too long.
@Suite("01's calls at once: each verdict, from the figures")
struct CallsAtOnceVerdictTests {
    /// Eight calls that suspended: all began at once and returned together.
    func figures(
        many: Int, shortest: Int, begun: Int = 8, returnSpan: Int = 4, witness: Int = 201
    ) -> CallsAtOnceFigures {
        CallsAtOnceFigures(
            calls: 8, duration: .milliseconds(many), quickestCallTook: .milliseconds(shortest), begun: begun,
            span: .milliseconds(returnSpan), witnessSleepTook: .milliseconds(witness))
    }

    @Test func callsThatSuspendWaitTogether() {
        let verdict = CallsAtOnceVerdict(figures(many: 206, shortest: 200))
        expectEqual(verdict.outcome, .passed)
        expect(verdict.message.hasSuffix("they waited together"), verdict.message)
    }

    /// A machine that stalled every call stalled the witness beside them too: passed, and said so.
    @Test func aMachineThatStalledThemAllAndTheWitnessPasses() {
        let verdict = CallsAtOnceVerdict(figures(many: 770, shortest: 762, returnSpan: 8, witness: 768))
        expectEqual(verdict.outcome, .passed)
        expect(verdict.message.contains("the machine was slow"), verdict.message)
        expect(verdict.message.contains("took 768 ms"), verdict.message)
    }

    /// Waits of at least 480 and 520 ms, whatever the work says, beside a witness that woke on time.
    @Test(arguments: [480, 520])
    func aWaitLongerThanTheWorkSaysIsLate(wait: Int) {
        let verdict = CallsAtOnceVerdict(figures(many: wait + 6, shortest: wait))
        expectEqual(verdict.outcome, .late)
        expect(verdict.message.contains("each waited longer than the work says"), verdict.message)
    }

    /// Within 50 ms of a slow witness: the machine's delay, not the answer's.
    @Test func callsAsSlowAsTheWitnessAreNotLongerThanTheWork() {
        let verdict = CallsAtOnceVerdict(figures(many: 300, shortest: 290, witness: 260))
        expectEqual(verdict.outcome, .passed)
    }

    /// Calls that held their threads: all began (a wide pool), but returned in waves.
    @Test func wavesAreLate() {
        let verdict = CallsAtOnceVerdict(figures(many: 806, shortest: 200, returnSpan: 600))
        expectEqual(verdict.outcome, .late)
        expect(verdict.message.contains("returning in waves over 600 ms"), verdict.message)
    }

    /// Calls that began only as threads came free: the code's, whatever the machine.
    @Test func callsThatBeganOnlyAsThreadsCameFreeAreWrong() {
        let verdict = CallsAtOnceVerdict(figures(many: 806, shortest: 200, begun: 2, returnSpan: 600))
        expectEqual(verdict.outcome, .failed)
        expect(verdict.message.contains("only 2 of them had begun"), verdict.message)
    }

    @Test func aCallShorterThanItsWorkIsWrong() {
        let verdict = CallsAtOnceVerdict(figures(many: 206, shortest: 150))
        expectEqual(verdict.outcome, .failed)
        expect(verdict.message.contains("one returned after 150 ms"), verdict.message)
    }
}
