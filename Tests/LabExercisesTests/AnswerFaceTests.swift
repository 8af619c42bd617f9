import Foundation
import LabSourceScan
import Testing

@testable import LabCore
@testable import LabExercises

/// A check compiled once for every answer to its exercise, against a stub of the answer's module
/// (`AnswerFace`): the stub's text, where the check's compile is pointed, and a batch whose
/// answers differ in their declarations compiling the check once, each answer keeping its verdict.
@Suite("The answer's face: a check compiled once per exercise")
struct AnswerFaceTests {
    static let given = """
        import LabScenarios

        // MARK: - The answer's face
        struct AnswerFace: Sendable {
            let twice: @Sendable (Int) async -> Int
        }

        // MARK: - How the check reaches the answer
        func labAdaptor() -> AnswerFace {
            AnswerFace(twice: { await twice($0) })
        }

        """

    /// The stub keeps the given code and face byte for byte, blanks the adaptor's lines (so a line
    /// of the check file is the same line in both) and declares `labAdaptor` as the adaptor does.
    @Test func theStubKeepsTheFaceAndBlanksTheAdaptor() throws {
        let stub = try unwrap(AnswerFace.stub(ofGiven: Self.given))
        let adaptorStart = try unwrap(Self.given.range(of: AnswerFace.adaptorMarker)).upperBound
        expect(stub.hasPrefix(String(Self.given[..<adaptorStart])), "the given code and face, as they are")
        let lines = stub.split(separator: "\n", omittingEmptySubsequences: false)
        let givenLines = Self.given.split(separator: "\n", omittingEmptySubsequences: false)
        expectEqual(lines.count, givenLines.count + 1, "one line more: the stub's declaration, after the blanks")
        expect(!stub.contains("await twice"), "the adaptor's body, which names the answer, is not in the stub")
        expect(lines.contains { $0.hasPrefix(AnswerFace.adaptorDeclaration) })
        expect(AnswerFace.problem(inGiven: Self.given) == nil)
        // Where the fingerprint is compiled with the answer (a Mac), the stub declares it as the
        // answer's code does: the check's entry point reads it from the answer's module.
        let fingerprinted = try unwrap(AnswerFace.stub(ofGiven: Self.given, fingerprinted: true))
        let answer = Grader.fingerprinted("func twice(_ x: Int) async -> Int { x * 2 }\n", fingerprint: "0123")
        let declaration = { (text: String) in
            text.split(separator: "\n").first { $0.contains("__labBuildFingerprint") }?.split(separator: "=").first
        }
        expect(declaration(fingerprinted) != nil && declaration(fingerprinted) == declaration(answer))
        expect(AnswerFace.stub(ofGiven: Self.given, fingerprinted: false)?.contains("__labBuildFingerprint") == false)
        // Without an adaptor, no stub: the check is compiled against each answer's module.
        expect(AnswerFace.stub(ofGiven: "import LabCore\n") == nil)
        expect(AnswerFace.stub(ofGiven: "// No given code for this exercise.\n") == nil)
    }

    /// The members the face adds to the answer's own types, which the answer may not name (24's
    /// probe of one turn): those of an extension, not the face's own types' members.
    @Test func theMembersAddedToTheAnswersTypesAreTheExtensions() throws {
        let given =
            Self.given
            + "extension Prefetcher {\n    func labInOneTurn(_ name: String) async -> Int? { nil }\n"
            + "    var labCount: Int { 0 }\n}\n"
        expectEqual(AnswerFace.membersAddedToAnswerTypes(inGiven: given), ["labInOneTurn", "labCount"])
        expectEqual(AnswerFace.membersAddedToAnswerTypes(inGiven: Self.given), [])
        let exercise = try unwrap(TestLab.catalog.exercise(named: "24"))
        let names = try Grader(root: TestLab.root, exercise: exercise).reviewNames(
            sources: Grader(root: TestLab.root, exercise: exercise).checkSources())
        expectEqual(names.addedMembers, ["labPrefetchedAndAskedInOneTurn"])
        let findings = Grader.namesOfAddedMembers(
            in: "actor P {\n    nonisolated var `labPrefetchedAndAskedInOneTurn`: Int { 0 }\n}\n",
            added: names.addedMembers)
        expectEqual(findings.map(\.line), [2], "a backquoted name is the name")
    }

    /// What the student's workspace shows as given: the given code, not the face or the adaptor.
    @Test func theStudentSeesTheGivenCodeOnly() {
        expectEqual(AnswerFace.studentGiven(Self.given), "import LabScenarios\n\n")
        expectEqual(AnswerFace.studentGiven("struct Drink {}\n"), "struct Drink {}\n")
    }

    /// Each way a check file could get its face wrong is named; every exercise's is right.
    @Test func aFaceThatTheStubCannotMirrorIsAProblem() {
        let face = AnswerFace.faceMarker + "struct AnswerFace {}\n"
        let adaptor = AnswerFace.adaptorMarker
        expect(AnswerFace.problem(inGiven: face) != nil, "a face without an adaptor")
        expect(AnswerFace.problem(inGiven: adaptor + AnswerFace.adaptorDeclaration + " }\n") != nil, "no face")
        expect(
            AnswerFace.problem(inGiven: face + adaptor + "@MainActor " + AnswerFace.adaptorDeclaration + " }\n") != nil,
            "an attribute the stub would not declare")
        expect(
            AnswerFace.problem(inGiven: face + adaptor + "func labAdaptor() -> AnswerFace { AnswerFace() }\n") != nil,
            "not on a line of its own")
        for exercise in TestLab.catalog.all {
            let given = (try? Grader(root: TestLab.root, exercise: exercise).checkParts().given) ?? ""
            expect(
                AnswerFace.problem(inGiven: given) == nil, "\(exercise.id): \(AnswerFace.problem(inGiven: given) ?? "")"
            )
            if AnswerFace.stub(ofGiven: given) != nil {
                let check = (try? Grader(root: TestLab.root, exercise: exercise).checkParts().check) ?? ""
                expect(check.contains("labAdaptor()"), "\(exercise.id)'s check reaches the answer through its adaptor")
            }
        }
    }

    /// The check's compile is pointed at the stub's folder, and refused where nothing names the
    /// answer's module folder or something still names it after.
    @Test func theChecksCompileIsPointedAtTheStub() {
        let step = [["swift-frontend", "-I", "/b/modules", "-I", "/shared", "-c", "/b/Check.swift"]]
        expectEqual(
            BatchBuild.againstStub(step, modules: "/b/modules", stub: "/b/stub-modules"),
            [["swift-frontend", "-I", "/b/stub-modules", "-I", "/shared", "-c", "/b/Check.swift"]])
        expect(BatchBuild.againstStub([["swift-frontend", "-I", "/shared"]], modules: "/b/modules", stub: "/s") == nil)
        expect(
            BatchBuild.againstStub(
                [["swift-frontend", "-I", "/b/modules", "/b/modules/StudentCode.swiftmodule"]], modules: "/b/modules",
                stub: "/s") == nil)
    }

    /// In a batch, exercise 03 (which has a face): its solution, an answer with a declaration more
    /// (another module), one of its mistakes (one call after another) and an answer whose function
    /// has another label: the check compiled for the first only, the others' verdicts their own,
    /// the mislabelled one refused at the adaptor, in the code given with the exercise, and one
    /// that also races refused for its own error.
    @Test func aBatchCompilesAFacedCheckOnceForAnswersThatDeclareOtherThings() async throws {
        let exercise = try unwrap(TestLab.catalog.exercise(named: "03"))
        let solution = try String(contentsOf: TestLab.folder(exercise).solution, encoding: .utf8)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-face-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let helper = folder.appendingPathComponent("helper.swift")
        try Data((solution + "\nprivate func unused(_ count: Int) -> Int { count * 2 }\n").utf8).write(to: helper)
        let relabelled = folder.appendingPathComponent("relabelled.swift")
        try Data(solution.replacingOccurrences(of: "using api:", with: "api:").utf8).write(to: relabelled)
        // An error of its own that the compiler finds only after type-checking (a race), beside
        // the wrong label: the adaptor's errors alone would hide it, and say it has none.
        let races = folder.appendingPathComponent("races.swift")
        try Data(
            ("import LabScenarios\n\nfinal class Box { var photos: [MarsPhoto] = [] }\n\n"
                + "func latestPhotos(of rovers: [Rover], api: any MarsRoverService) async throws -> [MarsPhoto] {\n"
                + "    let box = Box()\n    Task { box.photos = [] }\n    box.photos.append(contentsOf: [])\n"
                + "    return box.photos\n}\n").utf8
        ).write(to: races)
        let oneAfterAnother = try TestLab.mistake("03", "sequential")
        var grading = BatchGrading(root: TestLab.root, buildWorkers: 1, runWorkers: 2)
        grading.keepsCheckObjects = false
        // In the order given: which answer compiles the check is what is asserted.
        grading.ordersByDuration = false
        let reused = Locked<[Bool?]>([])
        grading.afterBuilds = { built in reused.withLock { $0 = built.map { $0?.checkReused } } }
        let outcomes = await grading.grade(
            [TestLab.folder(exercise).solution, helper, oneAfterAnother, relabelled, races].map {
                BatchGrading.Answer(exercise: exercise, source: $0, scan: false)
            })
        expectEqual(
            reused.withLock { $0 }, [false, true, true, nil, nil],
            "one compile of the check; the relabelled never built")
        expect(outcomes[0].passed, "\(outcomes[0].messages)")
        expect(outcomes[1].passed, "the answer with a declaration more: \(outcomes[1].messages) \(outcomes[1].details)")
        expect(!outcomes[2].passed && outcomes[2].stage != .compile, "one call after another: \(outcomes[2].messages)")
        expectEqual(outcomes[3].stage, .compile)
        expect(
            outcomes[3].messages.first?.contains("has no error of its own, but the check cannot be built with it")
                == true,
            "\(outcomes[3].messages)")
        expect(outcomes[3].details.contains("Exercises/03-async-let-rovers/check.swift:"), "\(outcomes[3].details)")
        expect(outcomes[3].details.contains("incorrect argument label"), "\(outcomes[3].details)")
        expectEqual(outcomes[4].stage, .compile)
        expect(outcomes[4].messages.first?.hasSuffix("does not compile yet") == true, "\(outcomes[4].messages)")
        expect(outcomes[4].details.contains("risks causing data races"), "\(outcomes[4].details)")
    }
}
