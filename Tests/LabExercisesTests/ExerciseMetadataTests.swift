import Foundation
import Testing

@testable import LabConsole
@testable import LabCore
@testable import LabExercises
@testable import LabSourceScan

/// `exercise.json` is data a teacher edits by hand: what is wrong in it is said in one line
/// naming the file, and what is left out takes the documented default.
@Suite("Exercise metadata is read from each exercise's folder")
struct ExerciseMetadataTests {
    static let minimal = #"{"lesson": "actors", "title": "T", "summary": "S", "minutes": 5, "hints": ["h"]}"#

    /// The minimal metadata with `fields` added.
    static func minimal(with fields: String) -> String { String(minimal.dropLast()) + ", " + fields + "}" }

    /// A lab folder with one exercise whose metadata is `json`.
    func lab(_ json: String) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lab-meta-\(UUID().uuidString)")
        let folder = ExerciseFolder(root: root, id: "01-first")
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        try Data(json.utf8).write(to: folder.metadata)
        return root
    }

    @Test func whatIsLeftOutTakesItsDefault() throws {
        let root = try lab(Self.minimal)
        defer { try? FileManager.default.removeItem(at: root) }
        let exercise = try unwrap(try ExerciseCatalog.load(root: root).all.first)
        expectEqual(exercise.id, "01-first")
        expectEqual(exercise.kind, .behaviour)
        expectEqual(exercise.timeLimitSeconds, 15)
        expectEqual(exercise.mode, .swift6)
        expectEqual(exercise.forbidden.map(\.text), ForbiddenPattern.standard.map(\.text))
    }

    @Test func forbiddenEntriesComeFirstAndPermittedOnesAreLeftOut() throws {
        let json = Self.minimal(
            with:
                #""forbidden": [{"set": "blocking"}, {"detached": "why"}, {"text": "Mutex", "reason": "no lock"}], "permitting": ["Locked"]"#
        )
        let root = try lab(json)
        defer { try? FileManager.default.removeItem(at: root) }
        let exercise = try unwrap(try ExerciseCatalog.load(root: root).all.first)
        let texts = exercise.forbidden.map(\.text)
        expectEqual(Array(texts.prefix(ForbiddenPattern.blocking.count)), ForbiddenPattern.blocking.map(\.text))
        expect(texts.contains("Task.detached") && texts.contains("Mutex"))
        expectEqual(exercise.forbidden.first { $0.text == "Task.detached" }?.reason, "why")
        expect(!texts.contains("Locked"))
    }

    @Test(
        arguments: [
            ("{ not json", "is not a valid exercise"),
            (#"{"lesson": "actors", "title": "T", "summary": "S", "minutes": 5}"#, "'hints' is missing"),
            (minimal(with: #""kind": "quiz""#), "kind"),
            (minimal(with: #""forbidden": [{"set": "everything"}]"#), "no set of patterns named 'everything'"),
            (minimal(with: #""forbidden": [{"reason": "r"}]"#), #"needs "set", "detached" or "text""#),
            (minimal(with: #""forbidden": [{"referencesInto": "Store"}]"#), "reason"),
            (minimal(with: #""permitting": ["goto"]"#), "permits 'goto'"),
            (minimal(with: #""timeLimitSeconds": 0"#), "timeLimitSeconds"),
            (#"{"lesson": "actors", "title": "T", "summary": "S", "minutes": 5, "hints": []}"#, "no hints"),
        ] as [(String, String)])
    func wrongMetadataIsOneLineNamingTheFile(json: String, words: String) throws {
        let root = try lab(json)
        defer { try? FileManager.default.removeItem(at: root) }
        #expect {
            _ = try ExerciseCatalog.load(root: root)
        } throws: { error in
            let said = "\(error)"
            return said.contains("Exercises/01-first/exercise.json") && said.contains(words) && !said.contains("\n")
        }
    }

    @Test func aFolderWithoutExercisesIsNotALab() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lab-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Exercises/Support"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(throws: ExerciseError.notInLabFolder(root.path)) { try ExerciseCatalog.load(root: root) }
    }

    /// `lab exercises 05 03 3 --verify`: each exercise named once, in the catalogue's order, by number or
    /// name; none named, all of them; a name that matches nothing is an error, not an empty list.
    @Test func severalExercisesAreChosenOnceInTheCataloguesOrder() throws {
        let commands = ExerciseCommands(
            root: TestLab.root, terminal: Terminal(isTTY: false, width: 100, usesColor: false))
        try expectEqual(
            commands.exercises(only: ["05", "03-async-let-rovers", "3"]).map(\.id),
            ["03-async-let-rovers", "05-window-of-three"])
        try expectEqual(commands.exercises(only: []).count, TestLab.catalog.all.count)
        #expect(throws: (any Error).self) { try commands.exercises(only: ["03", "99"]) }
    }

    /// Every known answer of the real catalogue, written out whole: the mistakes are their
    /// diffs applied, and each differs from the solution it was made from.
    @Test func everyKnownAnswerIsWrittenOutWhole() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("lab-answers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let commands = ExerciseCommands(
            root: TestLab.root, terminal: Terminal(isTTY: false, width: 100, usesColor: false))
        try expectEqual(commands.writeAnswers(only: ["03"], to: out), 0)
        let folder = out.appendingPathComponent("03-async-let-rovers")
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        let rovers = try unwrap(TestLab.catalog.exercise(named: "03"))
        let mistakes = ExerciseFolder.files(in: TestLab.folder(rovers).mistakes, endingIn: ".diff")
        expect(names.contains("starter.swift") && names.contains("solution.swift"))
        expectEqual(names.filter { $0.hasPrefix("mistake-") }.count, mistakes.count)
        let solution = try String(contentsOf: folder.appendingPathComponent("solution.swift"), encoding: .utf8)
        for name in names where name.hasPrefix("mistake-") {
            try expectNotEqual(
                String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8), solution, "\(name)")
        }
    }

    /// A file of the user's where an answer would go is not overwritten without `--replace`, and
    /// nothing at all is written then; the same answers written again need no flag.
    @Test func writingAnswersOverTheUsersFilesNeedsReplace() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("lab-answers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let commands = ExerciseCommands(
            root: TestLab.root, terminal: Terminal(isTTY: false, width: 100, usesColor: false))
        let mine = out.appendingPathComponent("05-window-of-three/solution.swift")
        try FileManager.default.createDirectory(at: mine.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("my notes".utf8).write(to: mine)
        #expect(throws: ExerciseError.self) { try commands.writeAnswers(only: ["03", "05"], to: out) }
        try expectEqual(String(contentsOf: mine, encoding: .utf8), "my notes")
        expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("03-async-let-rovers").path))
        try expectEqual(
            FileManager.default.contentsOfDirectory(atPath: mine.deletingLastPathComponent().path), ["solution.swift"])
        try expectEqual(commands.writeAnswers(only: ["03", "05"], to: out, replace: true), 0)
        try expectNotEqual(String(contentsOf: mine, encoding: .utf8), "my notes")
        // Written again: what says the same is left as it is (the same file, not a new one).
        let inode = { (url: URL) -> UInt64 in
            var status = stat()
            return lstat(url.path, &status) == 0 ? UInt64(status.st_ino) : 0
        }
        let before = inode(mine)
        try expectEqual(commands.writeAnswers(only: ["03", "05"], to: out), 0)
        expectEqual(inode(mine), before)
        // A link where an answer goes, even to the same text, is the user's.
        let copy = mine.deletingLastPathComponent().appendingPathComponent("mine.swift")
        try FileManager.default.moveItem(at: mine, to: copy)
        try FileManager.default.createSymbolicLink(at: mine, withDestinationURL: copy)
        #expect(throws: ExerciseError.self) { try commands.writeAnswers(only: ["05"], to: out) }
        expect(AnswerFile.isLink(mine.path), "the link is still there")
    }

    @Test func theWrittenAnswersSentenceSaysWhatWasWritten() {
        expectEqual(
            ExerciseCommands.wroteSentence(written: 47, same: 0, exercises: 1, to: "/a"),
            "Wrote 47 known answers of 1 exercise to /a.")
        expectEqual(
            ExerciseCommands.wroteSentence(written: 1, same: 46, exercises: 2, to: "/a"),
            "Wrote 1 known answer of 2 exercises to /a; 46 were already there as they are.")
        expectEqual(
            ExerciseCommands.wroteSentence(written: 0, same: 1, exercises: 1, to: "/a"),
            "Wrote 0 known answers of 1 exercise to /a; 1 was already there as it is.")
    }

    /// Every catalogued mistake still fits the solution it changes (verify also says so, by file).
    @Test(arguments: TestLab.exercises.map(\.id))
    func everyMistakeFitsItsSolution(id: String) throws {
        let exercise = try unwrap(TestLab.catalog.exercise(named: id))
        let known = KnownAnswer.all(for: exercise, root: TestLab.root)
        expect(known.problems.isEmpty, "\(known.problems)")
    }
}
