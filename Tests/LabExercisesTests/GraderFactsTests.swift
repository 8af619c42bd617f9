import Foundation
import Testing

@testable import LabCore
@testable import LabExercises
@testable import LabSourceScan

/// The facts the grader weighs beside a check's records: the plan read from the check's
/// source, the supervisor's report, the compiled module.
@Suite("What the grader checks itself")
struct GraderFactsTests {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let verdict = CheckVerdict(exercise: TestLab.exercises[1], secret: "s3cr3t", planned: 2)

    func result(_ records: [String], exit: Int32? = 0, signal: Int32? = nil) -> Sandbox.Result {
        Sandbox.Result(
            exitStatus: exit, signal: signal, timedOut: false, output: "", records: records, limits: Sandbox.Limits())
    }

    @Test(arguments: TestLab.exercises.map(\.id))
    func everyCheckDeclaresItsPlanAsANumber(id: String) throws {
        let check = try String(contentsOf: ExerciseFolder(root: root, id: id).check, encoding: .utf8)
        expectNotEqual(
            CheckPlan.plannedExpectations(in: check), nil,
            "the grader cannot read \(id)'s plan, so it cannot refuse a forged one")
    }

    @Test func aForgedPlanIsRefusedByName() {
        let outcome = verdict.outcome(result(["s3cr3t\tplan\t0", "s3cr3t\tdone\tpassed"]))
        expectEqual(outcome.stage, .forbidden)
        expectEqual(
            outcome.messages,
            [
                "refused: the check's records were forged (they announced 0 expectations; this check has 2)"
            ])
        let doubled = verdict.outcome(
            result([
                "s3cr3t\tplan\t2", "s3cr3t\tpass\ta", "s3cr3t\tplan\t2", "s3cr3t\tpass\tx", "s3cr3t\tpass\ty",
                "s3cr3t\tdone\tpassed",
            ]))
        expectEqual(
            doubled.messages.first?.contains("records were forged (2 plans, 3 passes for 2 expectations"), true,
            "\(doubled.messages)")
        let honest = verdict.outcome(
            result(["s3cr3t\tplan\t2", "s3cr3t\tpass\ta", "s3cr3t\tpass\tb", "s3cr3t\tdone\tpassed"]))
        expect(honest.passed)
    }

    @Test func whatTheSupervisorSawWinsOverAPerfectRecord() {
        let perfect = ["s3cr3t\tplan\t2", "s3cr3t\tpass\ta", "s3cr3t\tpass\tb", "s3cr3t\tdone\tpassed"]
        var stray = result(perfect)
        stray.strays = 2
        expectEqual(
            verdict.outcome(stray).messages.first?.contains("left 2 processes running after the check ended"), true)
        var lost = result(perfect)
        lost.supervisorLost = true
        expectEqual(verdict.outcome(lost).messages.first?.contains("supervisor was stopped"), true)
        let refusedNumber = (0..<600).first { SandboxCalls.name($0) == "setsid" }
        #if os(Linux)
            let number = try! #require(refusedNumber, "setsid is in the refused list")
            let refused = verdict.outcome(result(perfect + ["s3cr3t\trefused\t\(number)"], exit: 125))
            expectEqual(refused.stage, .forbidden)
            expectEqual(
                refused.messages.first,
                "refused by the sandbox: your code called setsid(), which a check may not (it would leave the check's process group and outlive the check)"
            )
        #endif
        _ = refusedNumber
        expectEqual(
            verdict.outcome(result([], exit: nil, signal: SIGSYS)).messages.first?.contains("refused by the sandbox"),
            true)
    }

    @Test func aLabInsideAReadableSystemFolderIsSaid() {
        let exercise = TestLab.exercises[0]
        let exposed = Grader(root: URL(fileURLWithPath: "/usr/local/src/lab"), exercise: exercise)
        expectEqual(
            exposed.exposureNotes(Sandbox.Policy()).first?.hasPrefix(
                "the lab folder is inside /usr, which a check may read"), true)
        expect(
            Grader(root: URL(fileURLWithPath: "/work/lab"), exercise: exercise).exposureNotes(Sandbox.Policy()).isEmpty)
        expect(
            Grader(root: URL(fileURLWithPath: "/usrlab"), exercise: exercise).exposureNotes(Sandbox.Policy()).isEmpty,
            "a prefix of the name is not a parent")
    }

    /// A Mach-O object made by hand (the compiler's are not available here): one section of
    /// initializers, one C-named definition, one reference to dlsym, one Swift symbol.
    @Test func aMachOObjectIsReadLikeAnELFOne() {
        var bytes: [UInt8] = []
        func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        func u64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        func name16(_ text: String) { bytes += Array(text.utf8) + Array(repeating: 0, count: 16 - text.utf8.count) }
        let strings = Array("\0_read\0_dlsym\0_$s4Main1xSivp\0".utf8)
        let segmentSize: UInt32 = 72 + 80
        let symtabSize: UInt32 = 24
        let symbolsAt = UInt32(32) + segmentSize + symtabSize
        // mach_header_64: magic, cputype (arm64), subtype, MH_OBJECT, ncmds, sizeofcmds, flags, reserved
        u32(0xfeed_facf)
        u32(0x0100_000c)
        u32(0)
        u32(1)
        u32(2)
        u32(segmentSize + symtabSize)
        u32(0)
        u32(0)
        // LC_SEGMENT_64 with one section
        u32(0x19)
        u32(segmentSize)
        name16("")
        u64(0)
        u64(0)
        u64(0)
        u64(0)
        u32(7)
        u32(7)
        u32(1)
        u32(0)
        name16("__mod_init_func")
        name16("__DATA")
        u64(0)
        u64(8)
        u32(0)
        u32(3)
        u32(0)
        u32(0)
        u32(0x9)
        u32(0)
        u32(0)
        u32(0)
        // LC_SYMTAB
        u32(0x2)
        u32(symtabSize)
        u32(symbolsAt)
        u32(3)
        u32(symbolsAt + 3 * 16)
        u32(UInt32(strings.count))
        // nlist_64: strx, type, sect, desc, value
        func symbol(_ offset: UInt32, _ type: UInt8) {
            u32(offset)
            bytes.append(type)
            bytes.append(1)
            bytes += [0, 0]
            u64(0)
        }
        symbol(1, 0x0f)  // _read, defined external (N_SECT | N_EXT)
        symbol(7, 0x01)  // _dlsym, undefined external
        symbol(14, 0x0f)  // a Swift symbol
        bytes += strings
        let findings = ModuleInspection.findings(in: Data(bytes), object: "Exercise.swift.o").map(\.what)
        expect(findings.contains("code that runs before the check starts (section __mod_init_func)"))
        expect(findings.contains("a call to dlsym()"))
        expect(findings.contains("a C-named function or variable 'read' (it could replace one the check uses)"))
        expectEqual(findings.count, 3, "the Swift symbol is the compiler's: \(findings)")
    }

    @Test func identicalAnswersAreFoundThroughNewNamesAndLayout() {
        let solution =
            "func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {\n    Task { await model.doSomething() }\n}\n"
        let renamed = "// mine\nfunc buttonTapped(_ m: DemoModel)->Task<Void,Never>{ Task{ await m.doSomething() } }"
        let other =
            "func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {\n    Task.detached { await model.doSomething() }\n}\n"
        let copied =
            "func buttonTapped(_ x: DemoModel) -> Task<Void, Never> { Task.detached { await x.doSomething() } }"
        let flags = AnswerSimilarity.matches(
            answers: ["ada": renamed, "bob": other, "cy": copied, "dee": "func f() {}"], solution: solution)
        expectEqual(flags["ada"]?.contains("reference solution"), true)
        expectEqual(flags["bob"], "identical to cy's answer (after renaming and reformatting)")
        expectEqual(flags["cy"], "identical to bob's answer (after renaming and reformatting)")
        expectEqual(flags["dee"], nil)
        expectNotEqual(
            AnswerSimilarity.normalized("async let a = f()"), AnswerSimilarity.normalized("let a = f()"),
            "keywords are kept")
    }

    /// A string literal counts by what it says: 19's catalogued mistakes differ from the solution
    /// only inside their SQL, and a class report called them copies of the solution beside their ✘.
    @Test func anAnswerWhoseLiteralsSaySomethingElseIsNotACopy() {
        let solution = #"func names(_ db: DB) throws -> [String] { try db.query("SELECT name FROM t ORDER BY name") }"#
        let unsorted = solution.replacingOccurrences(of: " ORDER BY name", with: "")
        let renamed = solution.replacingOccurrences(of: "db", with: "store")
        let flags = AnswerSimilarity.matches(answers: ["ann": unsorted, "ben": renamed], solution: solution)
        expectEqual(flags["ann"], nil, "\(flags)")
        expectEqual(flags["ben"]?.contains("reference solution"), true, "\(flags)")
    }

    /// Only the names an answer declares are renamed: a mistake that calls another API where the
    /// solution calls its own is a different program, however alike the two look.
    @Test func anAnswerCallingAnotherAPIIsNotACopy() {
        let solution = """
            func steps(of query: Query) async throws -> Int {
                try await withCheckedThrowingContinuation { continuation in
                    query.run { result, error in
                        if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: result) }
                    }
                }
            }
            """
        let unsafe = solution.replacingOccurrences(
            of: "withCheckedThrowingContinuation", with: "withUnsafeThrowingContinuation")
        let renamed = [("continuation", "c"), ("result", "r"), ("steps(of query", "count(of q"), ("query.", "q.")]
            .reduce(solution) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
        let flags = AnswerSimilarity.matches(answers: ["ann": unsafe, "ben": renamed], solution: solution)
        expectEqual(flags["ann"], nil, "\(flags)")
        expectEqual(flags["ben"]?.contains("reference solution"), true, "\(flags)")
        expectEqual(
            AnswerSimilarity.declaredNames(
                SwiftTokenizer.tokens(of: "for (i, x) in xs { let (a, b) = f(); g { y, z in } }")),
            ["i", "x", "a", "b", "y", "z"])
        expectEqual(
            AnswerSimilarity.declaredNames(
                SwiftTokenizer.tokens(of: "func f(_ g: @escaping () -> Void, label h: [String: Int]) {}")),
            ["f", "g", "label", "h"])
    }

    /// The channel's records split on the newline byte: a record whose text ends in `\r` does not
    /// swallow the next one (as a `String`'s split would, `\r\n` being one character).
    @Test func aRecordEndingInACarriageReturnDoesNotHideTheNext() {
        let bytes = Data("S pass a\r\nS fail b\nS done\n".utf8)
        expectEqual(Sandbox.recordLines(bytes), ["S pass a\r", "S fail b", "S done"])
        expectEqual(
            String(decoding: bytes, as: UTF8.self).split(separator: "\n").count, 2,
            "split as characters, the first two are one line")
    }
}
