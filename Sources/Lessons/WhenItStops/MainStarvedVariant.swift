import Foundation
import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// Starvation: one long synchronous job on the main actor, and the frames it costs.
enum MainStarvedVariant {
    /// The job's length in the scenario: an import that parses for 5 s.
    static let jobSourceSeconds = 5.0
    /// How many pieces the yielding version cuts the job into.
    static let pieces = 25
    /// How often each witness ticks, in seconds: a frame's budget at 60 Hz.
    static let witnessTick = 1.0 / 60

    enum Way: String, Sendable, CaseIterable {
        case oneCall = "one synchronous call on the main actor"
        case yielding = "pieces, await Task.yield() between them"
        case concurrent = "a @concurrent function, awaited"

        var key: String {
            switch self {
            case .oneCall: "one_call"
            case .yielding: "yielding"
            case .concurrent: "concurrent"
            }
        }
    }

    /// What the UI loop saw while one way ran the job.
    struct Run: Sendable, Equatable {
        let way: Way
        let job: Double
        let framesDuring: Int
        let longestGap: Double
        let budget: Double
        /// Where the job's own code ran, from its span (the steps table's "ran on"); nil if not recorded.
        var jobRanOn: Isolation? = nil
        /// The longest a thread of its own (needing only a CPU) went without ticking during the job.
        var threadLongestGap: Double? = nil
        /// The longest a task on the pool (needing a pool thread, then a CPU) went without ticking.
        var poolLongestGap: Double? = nil
        /// The CPUs this process could use.
        var usableCPUs: Int = 1
        /// How often the witnesses tick: a witness on time still goes this long between ticks.
        var witnessTick: Double = MainStarvedVariant.witnessTick
    }

    /// Two witnesses beside the UI loop, ticking every frame budget: a thread of its own, which
    /// needs only a CPU to tick, and a task on the pool, which needs a pool thread first. When
    /// the frames stop, whichever stopped with them names what the frames waited for.
    final class Witnesses: Sendable {
        private let threadTicks = Locked<[Double]>([])
        private let poolTicks = Locked<[Double]>([])
        private let stopped = Locked(false)
        private let pool: Task<Void, Never>

        init(probe: Probe, every tick: Duration) {
            let (threadTicks, poolTicks, stopped) = (threadTicks, poolTicks, stopped)
            let thread = Thread {
                while !stopped.withLock({ $0 }) {
                    ThreadBlocker.hold(for: tick)
                    threadTicks.withLock { $0.append(probe.now) }
                }
            }
            thread.name = "lab.cpu-witness"
            thread.start()
            pool = Task.detached {
                while !Task.isCancelled {
                    try? await Task.sleep(for: tick)
                    poolTicks.withLock { $0.append(probe.now) }
                }
            }
        }

        func stop() {
            stopped.withLock { $0 = true }
            pool.cancel()
        }

        /// The longest time between ticks over `start...end` (its edges count as ticks).
        func longestGaps(_ start: Double, _ end: Double) -> (thread: Double, pool: Double) {
            func gap(_ ticks: [Double]) -> Double {
                let inside = [start] + ticks.filter { $0 > start && $0 < end } + [end]
                return zip(inside.dropFirst(), inside).map { $0 - $1 }.max() ?? 0
            }
            return (gap(threadTicks.withLock { $0 }), gap(poolTicks.withLock { $0 }))
        }
    }

    /// The job, off every actor: `@concurrent` says so in every isolation mode.
    /// It tells the span that awaits it where it ran, and traces its CPU work as a step of its own.
    @concurrent static func parseOffMain(_ duration: Duration, probe: Probe) async {
        Probe.noteWork()  // the main actor awaits; the job's code runs here
        probe.syncSpan("parse", kind: .cpu) { CPUWork.burn(for: duration) }
    }

    static let variant = LessonVariant(
        "main-starved", title: "Starvation: a long synchronous job on the main actor"
    ) { context in
        let console = context.console
        let job = context.scale.duration(sourceSeconds: jobSourceSeconds)
        console.paragraph(
            """
            The Save button imports a photo library: \(context.describe(sourceSeconds: jobSourceSeconds)) \
            of parsing, CPU work that never waits. The UI loop wants the main actor every \
            \(context.stated(seconds: 1.0 / 60)). We run the same job three ways and measure the \
            longest time the loop went without a frame.
            """)
        var runs: [Run] = []
        for way in Way.allCases {
            let witnesses = Witnesses(probe: context.probe, every: .seconds(witnessTick))
            defer { witnesses.stop() }
            let frames = try await WatchedUI.run(context) {
                await context.probe.withLane("Save: \(way.key)") {
                    // The main actor only awaits the @concurrent job (its thread is free): the CPU
                    // work is the job's own step, traced where it ran.
                    await context.probe.span("import: \(way.key)", kind: way == .concurrent ? .suspending : .cpu) {
                        switch way {
                        case .oneCall:
                            CPUWork.burn(for: job)
                        case .yielding:
                            for _ in 0..<pieces {
                                CPUWork.burn(for: job / pieces)
                                await Task.yield()
                            }
                        case .concurrent:
                            await parseOffMain(job, probe: context.probe)
                        }
                    }
                }
            }
            let span = try context.probe.spans.single(named: "import: \(way.key)")
            let gaps = witnesses.longestGaps(span.start, span.end)
            let run = Run(
                way: way, job: span.duration, framesDuring: frames.frames(during: span.start, span.end),
                longestGap: frames.worstInterval, budget: frames.budget, jobRanOn: span.ranOn,
                threadLongestGap: gaps.thread, poolLongestGap: gaps.pool, usableCPUs: UsableCPUs.count)
            runs.append(run)
            context.record(
                "\(way.key)_thread_gap", "\(way.rawValue): longest a thread of its own went without running",
                seconds: gaps.thread)
            context.record(
                "\(way.key)_pool_gap", "\(way.rawValue): longest a task on the pool went without running",
                seconds: gaps.pool)
            context.record(
                "\(way.key)_longest_gap", "\(way.rawValue): longest time without a frame", seconds: run.longestGap)
            context.recordInTable(
                Figure(
                    key: "\(way.key)_frames", label: "\(way.rawValue): frames drawn during the job",
                    value: Double(run.framesDuring), unit: .count))
            context.record("\(way.key)_ran_on", "\(way.rawValue): the job ran on", text: span.ranOn.description)
            context.recordInTable(
                Figure(
                    key: "\(way.key)_job_seconds", label: "\(way.rawValue): the job took", value: run.job,
                    unit: .seconds))
        }
        var table = Table(
            headers: ["the job as", "took", "frames drawn during it", "longest gap"], rightAligned: [1, 2, 3])
        for run in runs {
            table.append([
                run.way.rawValue, run.job.formattedAsDuration, "\(run.framesDuring)",
                run.longestGap.formattedAsDuration,
            ])
        }
        console.table(table)
        // The runs that are the job alone: the yielding one's also holds the frames drawn between pieces.
        if let note = CPUWorkSizeNote.sentence(
            stated: job.seconds, measured: runs.filter { $0.way != .yielding }.map(\.job))
        {
            console.paragraph(note)
        }
        for run in runs { console.paragraph(MainStarvedNarration.sentence(run)) }
    }
}

/// One sentence per way, chosen from its frames (tested for each outcome).
enum MainStarvedNarration {
    /// A gap up to 1.5 frame budgets is a frame on time (FrameLog's hitch rule).
    static func sentence(_ run: MainStarvedVariant.Run) -> String {
        let gap = run.longestGap.formattedAsDuration
        let smooth = run.longestGap <= run.budget * 1.5
        switch (run.way, smooth, run.framesDuring) {
        case (_, true, _):
            return
                "\(run.way.rawValue.capitalizedFirst): no hitch; the longest gap between frames was \(gap), within one and a half frames."
        case (.oneCall, false, 0):
            return
                "One synchronous call: no frame at all during the \(run.job.formattedAsDuration) job, a \(gap) freeze. The main actor runs one job at a time and this one never gave it back: the UI starved."
        case (.yielding, false, _):
            return
                "Pieces with Task.yield(): \(CountWords.of(run.framesDuring, "frame")) drew during the job, the longest gap \(gap). Each yield let a waiting frame in; a gap still as long as a piece (or longer, on a busy CPU) is the price of doing the work on the main actor at all."
        case (.concurrent, false, _):
            let start =
                "@concurrent: \(CountWords.of(run.framesDuring, "frame")) drew during the job, but the longest gap was \(gap): "
            switch run.jobRanOn {
            case .mainActor?:
                return start
                    + "yet the job's code ran on the main actor (the steps table says so), so the frames waited for it."
            case let other?:
                return start
                    + "the job ran \(other == .nonisolated ? "nonisolated" : "on the \(other)"), off the main actor, yet the frames still waited. "
                    + waitedFor(run)
            case nil:
                return start + "where the job ran was not recorded, and the frames still waited. " + waitedFor(run)
            }
        case (.oneCall, false, _):
            return
                "One synchronous call: \(CountWords.of(run.framesDuring, "frame")) drew during the job (a frame already due ran first), then a \(gap) gap: the main actor runs one job at a time."
        }
    }
}

extension MainStarvedNarration {
    /// What the frames waited for, from the two witnesses: a witness late by at least half as
    /// much as the frames lacked what the frames lacked. Lateness, not the gap itself: a witness
    /// on time goes a tick (16.7 ms) between ticks, half of any frame gap under 33 ms.
    static func waitedFor(_ run: MainStarvedVariant.Run) -> String {
        let cpus = CPUCountWords.usable(run.usableCPUs, machine: run.usableCPUs)
        guard let thread = run.threadLongestGap, let pool = run.poolLongestGap else {
            return
                "To draw a frame, the UI loop needs a pool thread (its wake-up from sleep runs on one) and then a CPU, "
                + "and the job held a thread and a CPU while it ran: with one CPU, a one-thread pool or a busy machine, "
                + "either can run short. This run did not measure which the frames waited for."
        }
        let framesLate = run.longestGap - run.budget
        let starved = { (witness: Double) in witness - run.witnessTick >= framesLate / 2 }
        let threadWords =
            "a thread of its own, which needs only a CPU, went at most \(thread.formattedAsDuration) without running"
        let poolWords = "a task on the pool, sleeping the same ticks, went \(pool.formattedAsDuration) without running"
        switch (starved(thread), starved(pool)) {
        case (false, true):
            return
                "It was not a CPU they waited for: beside them, \(threadWords). It was a thread of the pool: "
                + "\(poolWords), beside the frames' \(run.longestGap.formattedAsDuration). While the job held its "
                + "thread, the pool ran nothing else "
                + "(on \(cpus)), and the UI loop's wake-up waited with every other task. @concurrent frees the main "
                + "actor, not a pool thread: it helps only where the pool has one to spare beside the job."
        case (true, _):
            return
                "Beside them, a thread of its own, which needs only a CPU, also went \(thread.formattedAsDuration) without "
                + "running (and \(poolWords)): the job and the UI took turns for a CPU (\(cpus) here, and the machine "
                + "busy). @concurrent frees the main actor, not a CPU: it helps only where there is one to spare beside the job."
        case (false, false):
            return
                "Beside them, \(threadWords), and \(poolWords): neither a CPU nor a pool thread was short for long, "
                + "so the frames waited on something this run did not measure (the main thread itself, or the loop's timer)."
        }
    }
}

extension String {
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
