import LabConsole
import LabCore
import LabTrace
import LessonKit

/// The lesson's core: the one app file, compiled four times, run from the main actor.
enum WhereCallsRunVariant {
    /// CPU work each helper does, so a helper that stays on the main actor shows as a wait.
    static let workSeconds = 0.02

    static func cell(_ observed: ModeObservation?) -> String {
        guard let observed else { return "—" }
        if let usable = observed.conformanceUsable { return usable ? "usable" : "refused" }
        return observed.ranOn == .mainActor ? "main actor" : observed.ranOn.description
    }

    static let variant = LessonVariant("where-calls-run", title: "Where each call ran, in each mode") { context in
        let console = context.console
        console.paragraph(
            """
            One file of app code: a @MainActor model that calls a bare service struct, a bare helper \
            function, a helper marked nonisolated and one marked @concurrent, and casts a Photo to \
            CustomStringConvertible. The package compiles that file four times, once per mode, and each \
            call reads #isolation inside the callee. Each helper also runs a CPU loop (sized at start-up for \
            \(context.stated(seconds: workSeconds)); load changes what it takes) while a main-actor job, \
            queued just before, waits its turn.
            """)
        var modes = Table(headers: [
            "mode", "default isolation", "upcoming features (#if hasFeature)", "bare code ran on",
        ])
        var results: [CompileMode: [ModeObservation]] = [:]
        var reported: [CompileMode: [String]] = [:]
        for compiled in CompiledMode.all {
            let mode = compiled.mode
            let features = compiled.app.enabledFeatures
            reported[mode] = features
            let bare = await compiled.app.defaultIsolation()
            // One lane per mode, so --trace and --tree show the four runs side by side.
            results[mode] = await context.probe.withLane(mode.title) {
                await context.probe.span("the app's calls") { await compiled.app.placesOfCalls(working: workSeconds) }
            }
            modes.append([
                mode.title, mode.defaultsToMainActor ? "MainActor" : "nonisolated",
                features.isEmpty ? "none" : features.map(shortFeature).joined(separator: ", "),
                bare.description,
            ])
            context.recordInTable(
                Figure(
                    key: "default_isolation.\(mode.rawValue)", label: "bare code runs on (\(mode.title))",
                    value: 0, unit: .text, text: bare.description))
            context.recordInTable(
                Figure(
                    key: "features.\(mode.rawValue)", label: "upcoming features (\(mode.title))",
                    value: Double(features.count), unit: .text, text: features.joined(separator: ",")))
            for observed in results[mode] ?? [] {
                let suffix = "\(mode.rawValue).\(observed.call.rawValue)"
                context.recordInTable(
                    Figure(
                        key: "ran_on.\(suffix)", label: "\(observed.call.label) ran on (\(mode.title))",
                        value: 0, unit: .text, text: observed.ranOn.description))
                if let waited = observed.mainActorWaited {
                    context.recordInTable(
                        Figure(
                            key: "main_waited.\(suffix)",
                            label: "main actor waited (\(mode.title), \(observed.call.label))",
                            value: waited, unit: .seconds))
                    if let took = observed.callSeconds {
                        context.recordInTable(
                            Figure(
                                key: "call_took.\(suffix)",
                                label: "the call took (\(mode.title), \(observed.call.label))",
                                value: took, unit: .seconds))
                    }
                    if let before = observed.jobRanBeforeCallReturned {
                        context.recordInTable(
                            Figure(
                                key: "job_ran_before_return.\(suffix)",
                                label:
                                    "the queued job ran before the call came back (\(mode.title), \(observed.call.label))",
                                value: before ? 1 : 0, unit: .flag))
                    }
                    if let cpuWait = observed.mainThreadWaitedForCPU {
                        context.recordInTable(
                            Figure(
                                key: "main_thread_cpu_wait.\(suffix)",
                                label:
                                    "of the wait, its thread waited for a CPU (\(mode.title), \(observed.call.label))",
                                value: cpuWait, unit: .seconds))
                    }
                    context.recordInTable(
                        Figure(
                            key: "witnesses_agree.\(suffix)",
                            label: "#isolation and the queued job agree (\(mode.title), \(observed.call.label))",
                            value: WhereCallsRunNarration.witnessesAgree(observed) ? 1 : 0, unit: .flag))
                }
                if let usable = observed.conformanceUsable {
                    context.recordInTable(
                        Figure(
                            key: "conformance_usable.\(suffix)",
                            label: "conformance usable (\(mode.title), \(observed.call.label))",
                            value: usable ? 1 : 0, unit: .flag))
                }
            }
        }
        console.subheading("The four copies")
        console.table(modes)
        console.subheading("Where each call ran (from #isolation in the callee)")
        var places = Table(headers: ["call"] + CompileMode.allCases.map(\.title))
        for call in ModeCall.allCases {
            places.append(
                [call.label]
                    + CompileMode.allCases.map { cell(WhereCallsRunNarration.observation(call, in: $0, results)) })
        }
        console.table(places)
        console.subheading("How long a main-actor job queued just before each call waited (the second witness)")
        var waits = Table(headers: ["call"] + CompileMode.allCases.map(\.title), rightAligned: [1, 2, 3, 4])
        for call in ModeCall.allCases where call.works {
            waits.append(
                [call.label]
                    + CompileMode.allCases.map {
                        WhereCallsRunNarration.observation(call, in: $0, results)?.mainActorWaited?.formattedAsDuration
                            ?? "—"
                    })
        }
        console.table(waits)
        _ = context.stated(seconds: WhereCallsRunNarration.frameAt60Hz)
        for sentence in WhereCallsRunNarration.sentences(results, work: workSeconds) { console.paragraph(sentence) }
        if let implied = WhereCallsRunNarration.impliedFeatures(reported) { console.paragraph(implied) }
    }

    static func shortFeature(_ feature: String) -> String {
        switch feature {
        case "NonisolatedNonsendingByDefault": "NonisolatedNonsending"
        case "InferIsolatedConformances": "InferIsolatedConf."
        default: feature
        }
    }
}
