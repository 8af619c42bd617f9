import LabCore

/// Exercise 01's verdict on its calls at once, from their figures alone: a pure function, so that
/// a test can force each outcome, the luckiest among them (a machine that stalled every call and
/// the check's own witness sleep) included, which a run shows only when the machine stalls.
///
/// Against the 200 ms a call waits, not the one slower call the check measured first: a busy
/// machine that stretched that one would loosen the bound until a blocking answer (at least
/// 4 × 200 ms, since no wait ends early) passed. 500 ms leaves a correct answer 300 ms of stalls and
/// is 300 ms short of the fastest blocking answer. It cannot be looser: a wait of a fixed length that
/// ignores the work passes the 600 ms call only at 599 ms or more, so a bound near 600 here would
/// pass it too (at 550, a busy machine that delayed the first call 50 ms more than these would let a
/// fixed wait of 550-599 ms through). Each call's own wait is at least 200 ms (no sleep ends early):
/// 199 ms allows rounding, not a shorter wait.
///
/// Past that bound, told apart by how the calls ran, not by the clock alone: calls that held their
/// threads either began only as threads came free (fewer than all had begun when the first
/// returned) or returned in waves, one per pool width (four waves of 200 ms: 600 ms from the first
/// return to the last). Calls that suspend on a machine that stalled them all began first and
/// return together: a stall of 770 ms once refused a correct answer here on one CPU.
///
/// Every name written in a support file is one an answer may not declare at top level in any
/// exercise (the grader reserves each identifier of the check and its support: `Outcome` here once
/// refused eleven of 21's mistakes for their `actor Outcome`), so the names below are either ones the
/// support already uses or long enough to be this file's alone.
struct CallsAtOnceVerdict: Equatable, Sendable {
    let outcome: CallsAtOnceOutcome
    /// The sentence the check sends for that outcome.
    let message: String

    init(_ figures: CallsAtOnceFigures) {
        let calls = figures.calls
        let duration = figures.duration
        let callsHeldThreads = figures.begun < calls || figures.span >= .milliseconds(400)
        let callsStalledTogether = duration >= .milliseconds(500) && !callsHeldThreads
        let callsTookTooLong =
            "\(calls) calls at once took \(duration.humanReadable), several times one call's 200 ms (5 source seconds at their scale), "
        if figures.quickestCallTook < .milliseconds(199) {
            outcome = .failed
            message =
                "of \(calls) calls at once, one returned after \(figures.quickestCallTook.humanReadable): every call must wait its 5 source seconds (200 ms here)"
            return
        }
        if duration >= .milliseconds(500) && figures.begun < calls {
            outcome = .failed
            message =
                callsTookTooLong
                + "and only \(figures.begun) of them had begun when the first returned: each call held a thread while it waited"
            return
        }
        // Calls that each took far longer than the witness beside them, and waves, are told by the
        // clock alone: sent as "late" (run once more). A machine that stalled them all stalls the
        // witness too (its wake comes by the same timer and pool); one that stalled every call just
        // after the witness woke does so once, not each run; a wait longer than the work says does.
        // Waits of at least 480 and 520 ms, whatever the work said, passed here: the first as calls
        // that waited together, the second as a machine that stalled them all.
        let callsWaitedLonger =
            figures.quickestCallTook >= .milliseconds(250)
            && figures.quickestCallTook >= figures.witnessSleepTook + .milliseconds(50)
        if (duration < .milliseconds(500) || callsStalledTogether) && !callsWaitedLonger {
            outcome = .passed
            message =
                callsStalledTogether
                ? "\(calls) calls at once waited together (all had begun before the first returned, and they returned within \(figures.span.humanReadable) of each other), though they took \(duration.humanReadable), more than one call's 200 ms: the machine was slow (a 200 ms sleep of the check's beside them took \(figures.witnessSleepTook.humanReadable))"
                : "\(calls) calls at once, at a faster scale (5 source seconds are 200 ms here), took \(duration.humanReadable), each at least \(figures.quickestCallTook.humanReadable): they waited together"
        } else {
            outcome = .late
            message =
                callsWaitedLonger
                ? "of \(calls) calls at once, the quickest took \(figures.quickestCallTook.humanReadable) to wait its 5 source seconds (200 ms at their scale), while a 200 ms sleep of the check's beside them ended after \(figures.witnessSleepTook.humanReadable): each waited longer than the work says; wait as long as the work says, at once (work.suspend)"
                : callsTookTooLong + "returning in waves over \(figures.span.humanReadable): each call held a thread while it waited"
        }
    }
}

/// What 01's check measured of its calls at once.
struct CallsAtOnceFigures: Equatable, Sendable {
    /// How many calls were made at once (four per pool thread, eight at least).
    var calls: Int
    /// From the first call's start to the last one's return.
    var duration: Duration
    /// The quickest call's own wait.
    var quickestCallTook: Duration
    /// How many calls had begun when the first returned.
    var begun: Int
    /// From the first return to the last.
    var span: Duration
    /// How long the check's own 200 ms sleep beside them took: the machine's witness.
    var witnessSleepTook: Duration
}

enum CallsAtOnceOutcome: Equatable, Sendable {
    /// The code's: failed whatever the machine.
    case failed
    /// Passed.
    case passed
    /// Refused by the clock alone: sent as "late", so the grader runs the check once more.
    case late
}
