import Foundation
import Testing

@testable import LabCore
@testable import Lessons

@Suite("isolation-modes: the mode table comes from the four compiled copies")
@MainActor
struct IsolationModesTableTests {
    /// Where each call must run, by the proposals (SE-0461, SE-0466, SE-0470); the lesson measures it.
    nonisolated static let expected: [CompileMode: [ModeCall: Isolation]] = [
        .swift6: [
            .model: .mainActor, .service: .nonisolated, .freeFunction: .nonisolated,
            .nonisolatedFunction: .nonisolated, .concurrentFunction: .nonisolated,
        ],
        .approachable: [
            .model: .mainActor, .service: .mainActor, .freeFunction: .mainActor,
            .nonisolatedFunction: .mainActor, .concurrentFunction: .nonisolated,
        ],
        .mainActorByDefault: [
            .model: .mainActor, .service: .mainActor, .freeFunction: .mainActor,
            .nonisolatedFunction: .nonisolated, .concurrentFunction: .nonisolated,
        ],
        .xcodeAppTemplate: [
            .model: .mainActor, .service: .mainActor, .freeFunction: .mainActor,
            .nonisolatedFunction: .mainActor, .concurrentFunction: .nonisolated,
        ],
    ]

    @Test func everyIsolationCellInTheJSONIsWhatTheModeMeans() async throws {
        let report = try await LessonHarness.run(IsolationModesLesson(), ["where-calls-run"])
        for (mode, calls) in Self.expected {
            for (call, isolation) in calls {
                let figure = try report.figure("where-calls-run", "ran_on.\(mode.rawValue).\(call.rawValue)")
                expectEqual(figure.text, isolation.description, "\(call) in \(mode)")
                expectEqual(figure.listed, false, "the table shows it; the Measured list does not repeat it")
            }
            let bare = try report.figure("where-calls-run", "default_isolation.\(mode.rawValue)").text
            expectEqual(bare, (mode.defaultsToMainActor ? "main actor" : "nonisolated"), "\(mode)")
        }
    }

    @Test func eachModesRunIsAStepInItsOwnLane() async throws {
        let report = try await LessonHarness.run(IsolationModesLesson(), ["where-calls-run"])
        expectEqual(report.steps("where-calls-run").map(\.task), CompileMode.allCases.map(\.title))
    }

    @Test func isolatedConformancesRefuseTheCastOffTheMainActorOnly() async throws {
        let report = try await LessonHarness.run(IsolationModesLesson(), ["where-calls-run"])
        for mode in CompileMode.allCases {
            try expectEqual(report.value("where-calls-run", "conformance_usable.\(mode.rawValue).conformanceOnMain"), 1)
            let offMain = try report.value("where-calls-run", "conformance_usable.\(mode.rawValue).conformanceOffMain")
            // Gate: the cast is refused only by Swift 6.2's runtime (Linux 6.2+, macOS 26); a macOS 15
            // runtime predates isolated conformances and lets it through (SE-0470), as the lesson says.
            let refused = mode.defaultsToMainActor && WhereCallsRunNarration.runtimeChecksIsolatedConformances
            expectEqual(offMain, (refused ? 0 : 1), "\(mode)")
        }
    }

    /// A call that #isolation says ran on the main actor must have held a main-actor job back
    /// for at least half of the call: the work is synchronous there, whatever the machine's load.
    /// (Measured against the call's own time, not the nominal 20 ms: CPU work is calibrated once
    /// per process, and a calibration taken on a busy machine makes the work shorter later.)
    @Test func callsOnTheMainActorHeldItBack() async throws {
        let report = try await LessonHarness.run(IsolationModesLesson(), ["where-calls-run"])
        for (mode, calls) in Self.expected {
            for (call, isolation) in calls where call.works && isolation == .mainActor {
                let waited = try report.value("where-calls-run", "main_waited.\(mode.rawValue).\(call.rawValue)")
                let took = try report.value("where-calls-run", "call_took.\(mode.rawValue).\(call.rawValue)")
                expectAtLeast(waited, took * WhereCallsRunNarration.heldShare, "\(call) in \(mode)")
                try expectEqual(report.value("where-calls-run", "witnesses_agree.\(mode.rawValue).\(call.rawValue)"), 1)
            }
        }
    }

    @Test func eachCopyIsCompiledWithItsModesFeatures() {
        for compiled in CompiledMode.all {
            let features = compiled.app.enabledFeatures
            let asked = compiled.mode.packageSettings.contains { $0.contains("NonisolatedNonsendingByDefault") }
            expectEqual(features.contains("NonisolatedNonsendingByDefault"), asked, "\(compiled.mode)")
            expectEqual(compiled.mode.compilerFlags.contains("NonisolatedNonsendingByDefault"), asked)
        }
        expectEqual(CompiledMode.all.map(\.mode), CompileMode.allCases)
    }

    /// The four modules are one file: each mode's folder links to the same source.
    @Test func theFourCopiesAreOneFile() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let shared = root.appendingPathComponent("Sources/IsolationModes/ModeApp.swift").resolvingSymlinksInPath()
        for folder in ["Swift6", "Approachable", "MainActorByDefault", "XcodeAppTemplate"] {
            let copy = root.appendingPathComponent("Sources/IsolationModes/\(folder)/ModeApp.swift")
            let target = try FileManager.default.destinationOfSymbolicLink(atPath: copy.path)
            expectEqual(target, "../ModeApp.swift", "\(folder) must link to the shared file, not copy it")
            expectEqual(copy.resolvingSymlinksInPath(), shared)
        }
    }
}

@Suite("isolation-modes: sentences follow the figures")
struct IsolationModesNarrationTests {
    typealias Results = WhereCallsRunNarration.Results

    static func results(
        _ places: [CompileMode: [ModeCall: Isolation]], waited: Double = 0.02,
        usableOff: [CompileMode: Bool] = [:]
    ) -> Results {
        var results: Results = [:]
        for (mode, calls) in places {
            results[mode] =
                calls.map { call, isolation in
                    ModeObservation(
                        call: call, ranOn: isolation,
                        mainActorWaited: call.works ? (isolation == .mainActor ? waited : 0.00001) : nil)
                } + [
                    ModeObservation(
                        call: .conformanceOffMain, ranOn: .nonisolated, conformanceUsable: usableOff[mode] ?? true),
                    ModeObservation(call: .conformanceOnMain, ranOn: .mainActor, conformanceUsable: true),
                ]
        }
        return results
    }

    @Test func theExpectedModesExplainWhyTheLineMoved() {
        let text = WhereCallsRunNarration.sentences(Self.results(IsolationModesTableTests.expected), work: 0.02).joined(
            separator: " ")
        expectContains(text, "nonisolated(nonsending)")
        expectContains(text, "only the function marked nonisolated still left")
        expectContains(text, "stopped meaning")
        expectContains(text, "Only @concurrent left the main actor in every mode")
        expectContains(text, "held the main actor")
    }

    @Test func noExplanationWhereNothingMoved() {
        let allOff = Dictionary(
            uniqueKeysWithValues: CompileMode.allCases.map { mode in
                (
                    mode,
                    Dictionary(
                        uniqueKeysWithValues: ModeCall.allCases.filter {
                            $0 != .conformanceOnMain && $0 != .conformanceOffMain
                        }
                        .map { ($0, $0 == .model ? Isolation.mainActor : .nonisolated) })
                )
            })
        let text = WhereCallsRunNarration.sentences(Self.results(allOff), work: 0.02).joined(separator: " ")
        expectNotContains(text, "nonsending")
        expectNotContains(text, "stopped meaning")
        expectNotContains(text, "held the main actor", "nothing ran on the main actor")
        expectContains(text, "usable off the main actor in every mode")
    }

    @Test func aShortWaitOnTheMainActorIsNotCalledHeld() {
        let text =
            WhereCallsRunNarration.heldSentence(
                Self.results(IsolationModesTableTests.expected, waited: 0.001), work: 0.02) ?? ""
        expectNotContains(text, "held the main actor")
        expectContains(text, "waited at most")
    }

    @Test func theHeldSentenceStatesTheCallsMeasuredTimeNotTheNominalWork() {
        var results = Self.results(IsolationModesTableTests.expected, waited: 0.012)
        for (mode, observed) in results {
            results[mode] = observed.map {
                var timed = $0
                if timed.mainActorWaited != nil { timed.callSeconds = 0.012 }
                return timed
            }
        }
        let text = WhereCallsRunNarration.heldSentence(results, work: 0.02) ?? ""
        expect(text.contains("held the main actor") && text.contains("12 ms a call on this run"))
        expectNotContains(text, "20 ms")
    }

    /// A left call's job that waited as long as a held one's is not set against them as the
    /// shorter wait (a busy run: 8.88 ms where it left, 6.3 ms at the least where held).
    @Test func aLeftCallsWaitIsContrastedOnlyWhenItWasShorter() {
        let quick =
            WhereCallsRunNarration.heldSentence(
                Self.results(IsolationModesTableTests.expected, waited: 0.012), work: 0.012) ?? ""
        expectContains(quick, "Where it left, the job waited at most 10 µs.")
        var results = Self.results(IsolationModesTableTests.expected, waited: 0.0063)
        results[.approachable] = results[.approachable]?.map { observed in
            observed.call == .concurrentFunction
                ? ModeObservation(call: observed.call, ranOn: observed.ranOn, mainActorWaited: 0.00888)
                : observed
        }
        let slow = WhereCallsRunNarration.heldSentence(results, work: 0.0063) ?? ""
        expectContains(slow, "held the main actor")
        expectContains(slow, "Where it left, a job still waited up to 8.88 ms on this run, as long as some held ones")
        expectNotContains(slow, "waited at most 8.88 ms")
    }

    @Test func refusedCastsAreNamedByMode() {
        let text =
            WhereCallsRunNarration.conformanceSentence(
                Self.results(IsolationModesTableTests.expected, usableOff: [.xcodeAppTemplate: false])) ?? ""
        expect(text.hasPrefix("In Xcode 26 app Photo's conformance is main-actor isolated"))
    }

    /// A runtime older than Swift 6.2's (macOS 15) lets every cast through: said so, with the runtime named.
    @Test func castsAnOldRuntimeLetThroughAreSaidToBeUnchecked() {
        let allUsable = Self.results(IsolationModesTableTests.expected, usableOff: [:])
        let old = WhereCallsRunNarration.conformanceSentence(allUsable, runtimeChecks: false) ?? ""
        expect(old.contains("does not check isolated conformances") && old.contains("macOS 26"))
        let new = WhereCallsRunNarration.conformanceSentence(allUsable, runtimeChecks: true) ?? ""
        expect(new.hasSuffix("in every mode.") && !new.contains("macOS 26"))
    }

    @Test func hopVerdictFollowsTheRatio() {
        let left: [CompileMode: Bool] = [.swift6: true, .approachable: false]
        expectContains(
            HopCostVariant.verdict(perCall: [.swift6: 16e-6, .approachable: 20e-9], leftMainActor: left),
            "two hops per call")
        let close = HopCostVariant.verdict(perCall: [.swift6: 21e-9, .approachable: 20e-9], leftMainActor: left)
        expectContains(close, "no clear difference")
        expectNotContains(close, "two hops")
        expectContains(
            HopCostVariant.verdict(perCall: [.approachable: 20e-9], leftMainActor: [.approachable: false]), "same place"
        )
    }

    @Test func impliedFeaturesAreNamedOnlyWhenUnasked() {
        expectEqual(
            WhereCallsRunNarration.impliedFeatures([
                .swift6: [], .approachable: ["NonisolatedNonsendingByDefault", "InferIsolatedConformances"],
            ]), nil)
        let text = WhereCallsRunNarration.impliedFeatures([.mainActorByDefault: ["InferIsolatedConformances"]]) ?? ""
        expect(text.hasPrefix("MainActor default reports InferIsolatedConformances"))
    }
}

@Suite("isolation-modes: every quoted verdict is the compiler's, mode by mode")
struct ModeDiagnosticsTests {
    static let cases = ModeDiagnostics.all.indices.flatMap { index in CompileMode.allCases.map { (index, $0) } }

    static let compiler = SnippetCompiler(cases.map { snippet($0.0, $0.1) })

    static func snippet(_ index: Int, _ mode: CompileMode) -> Snippet {
        Snippet(source: ModeDiagnostics.all[index].source, flags: ["-parse-as-library"] + mode.compilerFlags)
    }

    @Test(arguments: cases)
    func verdictIsWhatSwiftSays(index: Int, mode: CompileMode) async throws {
        let diagnostic = ModeDiagnostics.all[index]
        let result = try await Self.compiler.verdict(on: Self.snippet(index, mode))
        if let message = diagnostic.error(in: mode) {
            expectNotEqual(result.status, 0, "\(diagnostic.name) must not compile in \(mode)")
            expectContains(result.standardError, message, "compiler said: \(result.standardError)")
        } else {
            expectEqual(result.status, 0, "\(diagnostic.name) must compile in \(mode): \(result.standardError)")
        }
    }
}
