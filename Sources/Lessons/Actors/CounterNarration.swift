import LabCore

/// The counters variant's sentences, chosen from the run's own figures: a race that
/// did not show is said not to have shown, and costs are compared by their measured
/// ratio, never by what they "usually" are.
enum CounterNarration {
    struct Cost: Equatable {
        let name: String
        let secondsPerIncrement: Double
    }

    /// How the race's tasks could start, measured: what decides whether a loss was possible.
    struct RaceStart: Equatable {
        /// Tasks that shared the counter.
        let tasks: Int
        /// The most of them running at the start barrier when it opened, over all attempts.
        let mostTogether: Int
        /// CPUs this process may use (its affinity and quota: `taskset -c 0` makes it 1).
        let cpus: Int
        /// How long the barrier waited for the others at most.
        let patience: Duration
        /// The most OS threads the tasks arrived at the barrier on, in any attempt: 1 when every
        /// attempt ran all its tasks on one thread.
        let threads: Int
    }

    static let sanitizerReportsIt =
        "The race is in the code whether or not it bit: the thread "
        + "sanitizer (below) reports it even on runs that lose nothing."

    /// What happened to the unsafe class: its loss on the attempt that showed one, or none in
    /// any attempt, and why none could be lost when the tasks never ran at once.
    static func race(
        lost: Int, of total: Int, attempts: Int, maximumAttempts: Int, start: RaceStart,
        safeLost: [(name: String, lost: Int)]
    ) -> String {
        let safe = safeLost.filter { $0.lost == 0 }.map(\.name)
        let broken = safeLost.filter { $0.lost != 0 }.map { "the \($0.name) lost \($0.lost)" }
        let others =
            broken.isEmpty
            ? (safe.isEmpty ? "" : " The \(list(safe)) lost none.")
            : " And \(list(broken)): a bug in the lab itself; please report it."
        let inAttempts = "in \(attempts) attempt\(attempts == 1 ? "" : "s")"
        guard lost > 0 else {
            if start.mostTogether <= 1 {
                return """
                    This time the race could not show: \(inAttempts), only one of the \(start.tasks) tasks was running \
                    when the start barrier stopped waiting for the others (after \(start.patience.seconds.formattedAsDuration)), \
                    so the tasks ran one after another, each to its end, and nothing came between a read and its write. \
                    \(alone(start)) \(sanitizerReportsIt)
                    """ + others
            }
            if start.cpus <= 1 {
                return """
                    This time the race did not show: the class lost nothing \(inAttempts). Up to \(start.mostTogether) tasks \
                    started together, but this process may use one CPU, so their threads took turns on it: an update is lost \
                    only when a thread is switched out between reading the counter and writing it back, and in the few \
                    milliseconds a task counts that seldom happens. \(sanitizerReportsIt)
                    """ + others
            }
            return """
                This time the race did not show: the class lost nothing \(inAttempts), \
                each with a wider gap between reading the counter and writing it back. That is luck, not safety: an update is lost only when two \
                tasks read the counter at the same instant, and on a busy machine (another program using the CPU) \
                they seldom run at the same instant. \(sanitizerReportsIt)
                """ + others
        }
        let attempt =
            attempts == 1
            ? "on the first attempt"
            : "on attempt \(attempts) of up to \(maximumAttempts), with a wider gap between its read and its write (the earlier attempts lost nothing: a race is luck)"
        return """
            The class lost \(lost) of \(total) increments \(attempt): two tasks read the same old value, \
            and each wrote its own result over the other's.
            """ + others
    }

    /// Why the others did not start in time, said only as far as the run measured it: the threads
    /// the tasks arrived at the barrier on, and the CPUs this process may use. On one thread
    /// nothing took turns on a CPU: the others waited for the thread the spinning task held.
    static func alone(_ start: RaceStart) -> String {
        if start.threads <= 1 {
            return
                "They ran on one thread: in every attempt, \(start.tasks == 2 ? "both" : "all \(start.tasks)") tasks arrived at the barrier on the same OS thread (measured), "
                + "one after another. The first held that thread while it spun at the barrier, so \(start.tasks == 2 ? "the other" : "the others") could start "
                + "only once it stopped waiting."
        }
        let threads = "The tasks ran on up to \(start.threads) threads (measured)"
        return start.cpus <= 1
            ? "\(threads), but this process may use one CPU (`taskset -c 0`, a one-CPU container or VM), so those threads take turns on it, and the others' turn did not come before the barrier stopped waiting."
            : "\(threads) and this process may use \(start.cpus) CPUs, yet the others did not start before the barrier stopped waiting: on a busy machine, other work can hold the CPUs."
    }

    /// Where the unsafe class stood: compared only when timed as written (its first attempt).
    static func unsafeCost(_ unsafe: UnsafeCost, cheapest: Cost, dearest: Cost) -> String {
        let time = unsafe.secondsPerIncrement.formattedAsDuration
        guard unsafe.attempt <= 1 else {
            return "The unsafe class (\(time) per increment, on attempt \(unsafe.attempt)) is not compared with them: "
                + "its time includes the gap the lab widened between its read and its write."
        }
        let place =
            unsafe.secondsPerIncrement < cheapest.secondsPerIncrement
            ? "less than any of them"
            : unsafe.secondsPerIncrement > dearest.secondsPerIncrement
                ? "more than any of them" : "between the cheapest and the dearest"
        return "The unsafe class, which protects nothing, took \(time) per increment: \(place)."
    }

    static func list(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    /// The unsafe class's time per increment, and the attempt it was timed on: after the first,
    /// the lab widened the gap between its read and its write, and the time includes that gap.
    struct UnsafeCost: Equatable {
        let secondsPerIncrement: Double
        let attempt: Int
    }

    /// The safe counters' costs, compared by what was measured in this run, and where the unsafe
    /// class stood among them when its time is comparable. `contended`: the tasks ran at the same
    /// time on several CPUs; if not, nothing is explained by contention.
    static func costs(_ costs: [Cost], contended: Bool, unsafe: UnsafeCost? = nil) -> String {
        let sorted = costs.filter { $0.secondsPerIncrement > 0 }.sorted {
            $0.secondsPerIncrement < $1.secondsPerIncrement
        }
        guard let cheapest = sorted.first, let dearest = sorted.last, sorted.count > 1 else { return "" }
        let ratio = dearest.secondsPerIncrement / cheapest.secondsPerIncrement
        let spread = ratio < 1.5 ? "about the same" : "\(ratio.formattedAsRatio) apart"
        let count = [2: "two", 3: "three"][sorted.count] ?? "\(sorted.count)"
        let safe = "Of the \(count) safe counters"
        var text =
            "\(safe), the cheapest here was the \(cheapest.name) (\(cheapest.secondsPerIncrement.formattedAsDuration) per increment) "
            + "and the dearest the \(dearest.name) (\(dearest.secondsPerIncrement.formattedAsDuration)): \(spread). "
        if let unsafe, unsafe.secondsPerIncrement > 0 {
            text += Self.unsafeCost(unsafe, cheapest: cheapest, dearest: dearest) + " "
        }
        // Not "they hardly contended": on one CPU beside a busy process, a thread preempted while
        // it held the Mutex made the other wait (304 ns against the Atomic's 4.82 ns, one run), a
        // contention of its own that this run does not measure apart.
        guard contended else {
            return text + "These figures come from one run in which the tasks did not run at the same time on "
                + "separate CPUs, so they are not the cost of contention between CPUs (a thread paused "
                + "while it held a lock still makes the other wait); `lab bench` times each properly, in release."
        }
        // Only what was measured: each counter's time under contention. Why one costs more (cache
        // traffic, suspensions) is not measured here, so it is not said.
        if let atomic = sorted.first(where: { $0.name == "Atomic" }), atomic != cheapest {
            text +=
                "An Atomic add is a single instruction, yet it was not the cheapest on this run; the lesson "
                + "times each counter under contention, not why one costs more. "
        }
        return text + "These are contended figures from one run; `lab bench` times each properly, in release."
    }
}
