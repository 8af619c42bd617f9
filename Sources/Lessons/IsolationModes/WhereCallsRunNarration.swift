import LabCore

/// The where-calls-run variant's sentences, chosen from what the four copies measured.
/// Pure, so a test can give it every outcome.
enum WhereCallsRunNarration {
    typealias Results = [CompileMode: [ModeObservation]]

    /// A frame at 60 Hz, the budget a held main actor is compared with.
    static let frameAt60Hz = 1.0 / 60

    static func observation(_ call: ModeCall, in mode: CompileMode, _ results: Results) -> ModeObservation? {
        results[mode]?.first { $0.call == call }
    }

    static func modeList(_ modes: [CompileMode]) -> String {
        let names = modes.map(\.title)
        return names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    /// Why the same line moved, told only where the figures show it moved.
    static func explanation(_ results: Results) -> [String] {
        var lines: [String] = []
        let serviceOff = { (mode: CompileMode) in
            observation(.service, in: mode, results).map { $0.ranOn != .mainActor }
        }
        let nonisolatedOff = { (mode: CompileMode) in
            observation(.nonisolatedFunction, in: mode, results).map { $0.ranOn != .mainActor }
        }
        if serviceOff(.swift6) == true, serviceOff(.approachable) == false {
            lines.append(
                """
                Swift 6 runs a nonisolated async function on the global executor, so awaiting \
                fetchPhotos() from the main actor left it. With NonisolatedNonsendingByDefault the same \
                function is nonisolated(nonsending): it runs on its caller's actor, here the main actor.
                """)
        }
        if serviceOff(.mainActorByDefault) == false, nonisolatedOff(.mainActorByDefault) == true {
            lines.append(
                """
                With MainActor as the default isolation, the bare struct and free function are \
                themselves @MainActor; only the function marked nonisolated still left.
                """)
        }
        if nonisolatedOff(.swift6) == true, nonisolatedOff(.approachable) == false {
            lines.append(
                """
                `nonisolated` stopped meaning "off the main actor": under approachable concurrency \
                measureSharpness(of:) ran on the main actor that called it.
                """)
        }
        let concurrentModes = CompileMode.allCases.filter { observation(.concurrentFunction, in: $0, results) != nil }
        if !concurrentModes.isEmpty,
            concurrentModes.allSatisfy({ observation(.concurrentFunction, in: $0, results)?.ranOn != .mainActor })
        {
            lines.append(
                "Only @concurrent left the main actor in every mode: it says \"run elsewhere\" the same way under every setting."
            )
        }
        return lines
    }

    /// What running CPU work on the main actor did to it: the queued job's order (it ran only
    /// after a call that kept the main actor) and its timed waits.
    static func heldSentence(_ results: Results, work: Double) -> String? {
        var held: [Double] = []
        var heldUp: [Double] = []
        var left: [(mode: CompileMode, observed: ModeObservation)] = []
        var took: [Double] = []
        for mode in CompileMode.allCases {
            for observed in results[mode] ?? [] where observed.call.works {
                guard let waited = observed.mainActorWaited else { continue }
                guard observed.ranOn == .mainActor else {
                    left.append((mode, observed))
                    continue
                }
                held.append(waited)
                if let seconds = observed.callSeconds { took.append(seconds) }
                if observed.heldTheMainActor == true { heldUp.append(waited) }
            }
        }
        guard !held.isEmpty else { return nil }
        // The calls' own time when it was measured: CPU work calibrated on a busy moment runs
        // shorter than the nominal figure, and the sentence must match the table beside it.
        let workText = took.isEmpty ? "\(work.formattedAsDuration) of work" : "work (\(range(took)) a call on this run)"
        guard !heldUp.isEmpty else {
            return "Helpers that ran on the main actor did their \(workText), yet a main-actor job queued before them "
                + "ran before they came back, after at most \(held.max()!.formattedAsDuration), on this run."
        }
        let sentence =
            "Where a helper ran on the main actor, its \(workText) held the main actor: a job queued "
            + "just before it ran only once it came back, after waiting \(range(heldUp)) (\(heldUp.count) of \(held.count) such calls; "
            + "a 60 Hz frame is \(frameAt60Hz.formattedAsDuration))."
        guard let longest = left.max(by: { ($0.observed.mainActorWaited ?? 0) < ($1.observed.mainActorWaited ?? 0) })
        else { return sentence }
        return sentence + " " + leftSentence(longest.observed, in: longest.mode, shortestHeld: heldUp.min()!)
    }

    /// A wait this long where the helper left is told with its cause, when the run measured one.
    static let notableWait = 0.001

    /// The longest wait of a job queued before a helper that left the main actor. Such a job
    /// runs before the call comes back, so the main actor was free; a wait of milliseconds was
    /// then its thread waiting for a CPU (measured on Linux: after the main actor's own CPU
    /// work, the OS ran the thread that took the helper first), told when the run measured it.
    static func leftSentence(_ observed: ModeObservation, in mode: CompileMode, shortestHeld: Double) -> String {
        let waited = observed.mainActorWaited ?? 0
        let place = "(\(mode.title), \(observed.call.label))"
        // #isolation says the helper was off the main actor; the order says the job ran in that time.
        let ranFirst = observed.jobRanBeforeCallReturned == true ? "ran before the call came back, yet " : ""
        // The CPU-wait reading spans a little more than the wait (it starts before the job is
        // queued and ends after it ran): never said as more than the wait it explains. "Free" only
        // where the order showed it.
        if let reading = observed.mainThreadWaitedForCPU, observed.jobRanBeforeCallReturned == true,
            waited >= notableWait, reading >= waited / 2
        {
            let cpu = min(reading, waited)
            return "Where it left, the job \(ranFirst)waited up to \(waited.formattedAsDuration) \(place): for "
                + "\(cpu.formattedAsDuration) of that its thread was ready and waiting for a CPU. The main actor was "
                + "free; the OS ran other threads first."
        }
        // The contrast holds only when every call that left kept the wait below the held ones:
        // a busy run has seen a left call's job wait 8.88 ms beside a held one's 6.3 ms.
        if waited < shortestHeld {
            return "Where it left, the job \(ranFirst.isEmpty ? "" : "ran before the call came back and ")"
                + "waited at most \(waited.formattedAsDuration)."
        }
        let unexplained =
            observed.mainThreadWaitedForCPU.map {
                "its thread waited for a CPU only \($0.formattedAsDuration) of that, and this run did not measure the rest"
            } ?? "this run could not measure why its thread ran late"
        return "Where it left, a job still waited up to \(waited.formattedAsDuration) \(place), as long as some held "
            + "ones: the helper was off the main actor; \(unexplained)."
    }

    private static func range(_ values: [Double]) -> String {
        let low = values.min()!
        let high = values.max()!
        return low == high ? low.formattedAsDuration : "\(low.formattedAsDuration)–\(high.formattedAsDuration)"
    }

    /// Whether this runtime refuses an isolated conformance in a dynamic cast off its actor. The
    /// check is in Swift 6.2's runtime (Linux toolchains from 6.2; macOS 26, iOS 26): older Apple
    /// runtimes predate isolated conformances and let such a cast succeed (SE-0470's acceptance,
    /// forums.swift.org/t/accepted-se-0470-global-actor-isolated-conformances/79189).
    static var runtimeChecksIsolatedConformances: Bool {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) { return true }
        return false
    }

    /// What the dynamic casts found.
    static func conformanceSentence(_ results: Results, runtimeChecks: Bool = runtimeChecksIsolatedConformances)
        -> String?
    {
        let modes = CompileMode.allCases.filter {
            observation(.conformanceOffMain, in: $0, results)?.conformanceUsable != nil
        }
        guard !modes.isEmpty else { return nil }
        let refused = modes.filter { observation(.conformanceOffMain, in: $0, results)?.conformanceUsable == false }
        if refused.isEmpty && !runtimeChecks {
            return
                "Photo's conformance to CustomStringConvertible was usable off the main actor in every mode: this runtime "
                + "does not check isolated conformances in a cast (Swift 6.2's runtime does: macOS 26, iOS 26), so where the "
                + "conformance is main-actor isolated the cast went through anyway, unchecked."
        }
        if refused.isEmpty {
            return "Photo's conformance to CustomStringConvertible was usable off the main actor in every mode."
        }
        let onMainRefused = refused.filter {
            observation(.conformanceOnMain, in: $0, results)?.conformanceUsable == false
        }
        return "In \(modeList(refused)) Photo's conformance is main-actor isolated: the cast "
            + (onMainRefused.isEmpty ? "succeeded on the main actor and " : "")
            + "failed in a @concurrent function, so generic code there would fall back to a plain description. "
            + "No error, no crash: a different answer."
    }

    /// The paragraphs under the tables (the tables say where each call ran; these say why).
    static func sentences(_ results: Results, work: Double) -> [String] {
        explanation(results) + [heldSentence(results, work: work), conformanceSentence(results)].compactMap { $0 }
    }

    /// Whether the two witnesses agree for one call: `#isolation` said main actor exactly
    /// when the job queued before the call ran only once the call came back.
    static func witnessesAgree(_ observed: ModeObservation) -> Bool {
        guard let held = observed.heldTheMainActor else { return true }
        return (observed.ranOn == .mainActor) == held
    }

    /// Features a copy's compiler reported that its settings did not ask for.
    static func impliedFeatures(_ reported: [CompileMode: [String]]) -> String? {
        let implied = CompileMode.allCases.compactMap { mode -> String? in
            let extra = (reported[mode] ?? []).filter { !mode.upcomingFeatures.contains($0) }
            return extra.isEmpty
                ? nil : "\(mode.title) reports \(extra.joined(separator: ", ")) though its settings did not ask for it"
        }
        guard !implied.isEmpty else { return nil }
        return implied.joined(separator: "; ")
            + ": MainActor as the default isolation brings isolated conformances with it."
    }
}
