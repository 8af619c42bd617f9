import Foundation
import LabProcesses
import LessonKit
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

    /// The second witness is order, not time: a main-actor job queued before a call runs before
    /// the call comes back exactly when the call let go of the main actor (the main actor runs
    /// its jobs in the order they came), however late the OS runs its thread on a busy machine.
    @Test func theQueuedJobRanFirstExactlyWhereTheCallLeft() async throws {
        let report = try await LessonHarness.run(IsolationModesLesson(), ["where-calls-run"])
        for (mode, calls) in Self.expected {
            for (call, isolation) in calls where call.works {
                let suffix = "\(mode.rawValue).\(call.rawValue)"
                let ranFirst = try report.value("where-calls-run", "job_ran_before_return.\(suffix)")
                expectEqual(ranFirst, (isolation == .mainActor ? 0 : 1), "\(call) in \(mode)")
                try expectEqual(report.value("where-calls-run", "witnesses_agree.\(suffix)"), 1, "\(call) in \(mode)")
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
                        mainActorWaited: call.works ? (isolation == .mainActor ? waited : 0.00001) : nil,
                        jobRanBeforeCallReturned: call.works ? isolation != .mainActor : nil)
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
        expectContains(text, "ran only once it came back")
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

    /// Held is the order the main actor ran things in: a job that ran before a main-actor call
    /// came back says the call let go of the main actor, however long it waited.
    @Test func aMainActorCallWhoseJobRanFirstIsNotCalledHeld() {
        var results = Self.results(IsolationModesTableTests.expected, waited: 0.012)
        for (mode, observed) in results {
            results[mode] = observed.map {
                var watched = $0
                if watched.jobRanBeforeCallReturned != nil { watched.jobRanBeforeCallReturned = true }
                return watched
            }
        }
        let text = WhereCallsRunNarration.heldSentence(results, work: 0.02) ?? ""
        expectNotContains(text, "held the main actor")
        expectContains(text, "ran before they came back, after at most 12 ms")
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

    /// The approachable copy with resize(_:)'s job waiting `waited`, `cpu` of it for a CPU.
    static func leftLate(_ waited: Double, cpu: Double?, held: Double) -> Results {
        var results = Self.results(IsolationModesTableTests.expected, waited: held)
        results[.approachable] = results[.approachable]?.map { observed in
            guard observed.call == .concurrentFunction else { return observed }
            var late = observed
            late.mainActorWaited = waited
            late.mainThreadWaitedForCPU = cpu
            return late
        }
        return results
    }

    /// A left call's job that waited as long as a held one's is not set against them as the
    /// shorter wait (a busy run: 8.88 ms where it left, 6.3 ms at the least where held).
    @Test func aLeftCallsWaitIsContrastedOnlyWhenItWasShorter() {
        let quick =
            WhereCallsRunNarration.heldSentence(
                Self.results(IsolationModesTableTests.expected, waited: 0.012), work: 0.012) ?? ""
        expectContains(quick, "Where it left, the job ran before the call came back and waited at most 10 µs.")
        let unmeasured =
            WhereCallsRunNarration.heldSentence(Self.leftLate(0.00888, cpu: nil, held: 0.0063), work: 0.0063) ?? ""
        expectContains(unmeasured, "held the main actor")
        expectContains(
            unmeasured,
            "Where it left, a job still waited up to 8.88 ms (approachable, resize(_:)), as long as some held")
        expectContains(unmeasured, "this run could not measure why its thread ran late")
        expectNotContains(unmeasured, "at most 8.88 ms")
        let unexplained =
            WhereCallsRunNarration.heldSentence(Self.leftLate(0.00888, cpu: 0.0001, held: 0.0063), work: 0.0063) ?? ""
        expectContains(
            unexplained, "its thread waited for a CPU only 100 µs of that, and this run did not measure the rest")
    }

    /// A left call's job that ran milliseconds late while its thread waited for a CPU is told so,
    /// whatever the held waits were (measured: 3.97–9.33 ms after the main actor's own CPU work).
    @Test func aLeftCallsLateJobIsExplainedByItsThreadsWaitForACPU() {
        for held in [0.0063, 0.02] {
            let text =
                WhereCallsRunNarration.heldSentence(Self.leftLate(0.00933, cpu: 0.0092, held: held), work: held) ?? ""
            expectContains(
                text,
                "Where it left, the job ran before the call came back, yet waited up to 9.33 ms (approachable, resize(_:))"
            )
            expectContains(text, "for 9.2 ms of that its thread was ready and waiting for a CPU")
            expectContains(text, "The main actor was free; the OS ran other threads first.")
            expectNotContains(text, "did not measure")
        }
        // A CPU-wait reading spans a little more than the wait: never said as more than the wait.
        let over =
            WhereCallsRunNarration.heldSentence(Self.leftLate(0.00933, cpu: 0.0094, held: 0.02), work: 0.02) ?? ""
        expectContains(over, "for 9.33 ms of that its thread was ready and waiting for a CPU")
        // Without the order (an observation that did not record it), the main actor is not said free.
        var unordered = Self.leftLate(0.00933, cpu: 0.0092, held: 0.02)
        unordered[.approachable] = unordered[.approachable]?.map { observed in
            var late = observed
            if late.call == .concurrentFunction { late.jobRanBeforeCallReturned = nil }
            return late
        }
        let text = WhereCallsRunNarration.heldSentence(unordered, work: 0.02) ?? ""
        expectContains(text, "Where it left, the job waited at most 9.33 ms.")
        expectNotContains(text, "The main actor was free")
        // Not explained by a CPU wait under half of it, nor a wait too short to tell.
        let half = WhereCallsRunNarration.heldSentence(Self.leftLate(0.00933, cpu: 0.004, held: 0.02), work: 0.02) ?? ""
        expectContains(half, "Where it left, the job ran before the call came back and waited at most 9.33 ms.")
        let short =
            WhereCallsRunNarration.heldSentence(Self.leftLate(0.0009, cpu: 0.0009, held: 0.02), work: 0.02) ?? ""
        expectContains(short, "Where it left, the job ran before the call came back and waited at most 900 µs.")
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
