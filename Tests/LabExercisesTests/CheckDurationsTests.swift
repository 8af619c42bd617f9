import Foundation
import Testing

@testable import LabExercises

/// How long each exercise's and each answer's checks ran (`CheckDurations`): a batch starts its
/// longest checks first, and a record it cannot trust leaves the batch in its own order.
@Suite("Check durations")
struct CheckDurationsTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-durations-\(UUID().uuidString)")

    /// Items named by their exercise's first two characters and their answer's last one.
    static func key(_ item: String) -> (exercise: String, answer: String) {
        (String(item.prefix(2)), String(item.suffix(1)))
    }

    @Test func theLongestChecksComeFirstAndTheUnknownKeepTheirOrder() {
        let items = ["01a", "02a", "05a", "01b", "09a", "05b", "02b"]
        let record = CheckDurations.Record(exercises: ["05": 10.8, "02": 0.7, "01": 1.5])
        let ordered = CheckDurations.longestFirst(items, key: Self.key, record: record)
        expectEqual(ordered, ["05a", "05b", "01a", "01b", "02a", "02b", "09a"])
        expectEqual(CheckDurations.longestFirst(items, key: Self.key, record: .init()), items)
    }

    @Test func eachAnswerComesByItsOwnFigureAndOneNotRecordedByItsExercisesLastBatch() {
        // 05's answer b ran 12 s once, its answer a 0.4 s, and 05's last batch ran 0.4 s at most;
        // 01's answers ran 3 s and 0.2 s, its last batch 1 s; 02's answer a 6 s; 07 has answers only.
        let record = CheckDurations.Record(
            exercises: ["05": 0.4, "01": 1.0, "02": 6.0],
            answers: ["05": ["a": 0.4, "b": 12.0], "01": ["a": 3.0, "b": 0.2], "02": ["a": 6.0], "07": ["a": 5.0]])
        let items = ["05a", "01b", "05b", "02a", "01c", "05c", "09a", "02b", "07b"]
        // 05c, 01c, 02b and 07b are new: as long as their exercise's last batch (0.4, 1, 6 s), or as
        // its longest answer where no batch is recorded (5 s); 09 has no figure. 05c is not taken for
        // 12 s: one slow run must not rank every new answer of its exercise for good.
        expectEqual(
            CheckDurations.longestFirst(items, key: Self.key, record: record),
            ["05b", "02a", "02b", "07b", "01c", "05a", "05c", "01b", "09a"])
    }

    @Test func anAnswerThatBuiltNoCheckIsKeptAtZeroWithoutTheExercisesFigure() {
        defer { try? FileManager.default.removeItem(at: folder) }
        let durations = CheckDurations.kept(in: folder)
        durations.record([.init("05", "a", 10.5)])
        durations.record([.init("05", "b", 0)])
        expectEqual(durations.read(), .init(exercises: ["05": 10.5], answers: ["05": ["a": 10.5, "b": 0]]))
        expectEqual(
            CheckDurations.longestFirst(["05b", "05c", "05a"], key: Self.key, record: durations.read()),
            ["05c", "05a", "05b"])
    }

    @Test func aFIFOInTheRecordsPlaceIsNotWaitedOn() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let durations = CheckDurations.kept(in: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try #require(mkfifo(durations.file.path, 0o600) == 0)
        // Without a writer, a blocking open would wait here for ever.
        expectEqual(durations.read(), .init())
    }

    @Test func aBatchKeepsEachExercisesLongestRunAndEachAnswersOwnOverTheOlderRecord() {
        defer { try? FileManager.default.removeItem(at: folder) }
        let durations = CheckDurations.kept(in: folder)
        expectEqual(durations.read(), .init())
        durations.record([.init("05", "a", 2.0), .init("05", "b", 10.5), .init("08", "a", 15.0)])
        expectEqual(
            durations.read(),
            .init(exercises: ["05": 10.5, "08": 15.0], answers: ["05": ["a": 2.0, "b": 10.5], "08": ["a": 15.0]]))
        // Measured again: the new figures stand, though shorter; the others stay. An answer run
        // twice in one batch keeps its longer run.
        durations.record([.init("05", "a", 3.0), .init("05", "a", 1.0)])
        expectEqual(
            durations.read(),
            .init(exercises: ["05": 3.0, "08": 15.0], answers: ["05": ["a": 3.0, "b": 10.5], "08": ["a": 15.0]]))
        durations.record([])
        expectEqual(durations.read().exercises, ["05": 3.0, "08": 15.0])
    }

    @Test func anExerciseKeepsItsLongestAnswersOnly() {
        defer { try? FileManager.default.removeItem(at: folder) }
        let durations = CheckDurations.kept(in: folder)
        let kept = CheckDurations.answersKeptPerExercise
        // Two classes' gradings: more answers than are kept, each a hundredth of a second longer.
        durations.record((0..<kept).map { .init("05", "a\($0)", Double($0) / 100) })
        durations.record((kept..<kept + 10).map { .init("05", "a\($0)", Double($0) / 100) })
        let answers = durations.read().answers["05"] ?? [:]
        expectEqual(answers.count, kept)
        expectEqual(Set(answers.keys), Set((10..<kept + 10).map { "a\($0)" }))
    }

    @Test func aRecordOfTheExercisesAloneIsReadAsSuch() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let durations = CheckDurations.kept(in: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("{\"05\": 10.5, \"08\": 15}".utf8).write(to: durations.file)
        expectEqual(durations.read(), .init(exercises: ["05": 10.5, "08": 15.0]))
        try Data("{\"answers\": {\"05\": {\"a\": 2.5}}}".utf8).write(to: durations.file)
        expectEqual(durations.read(), .init(answers: ["05": ["a": 2.5]]))
    }

    @Test func theSameCodeHasTheSameKeyInEveryProcess() {
        // FNV-1a of the bytes, not Swift's seeded Hasher: a record made by one run orders the next.
        expectEqual(CheckDurations.answerKey(""), "cbf29ce484222325")
        expectEqual(CheckDurations.answerKey("a"), "af63dc4c8601ec8c")
        expect(CheckDurations.answerKey("let x = 1\n") != CheckDurations.answerKey("let x = 2\n"))
    }

    @Test(arguments: [
        "{\"05\": 1", "[1, 2]", "{\"05\": \"long\"}", "{\"answers\": {\"05\": 2}}", "too large",
    ])
    func aRecordThatIsNotOneIsNotRead(text: String) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let durations = CheckDurations.kept(in: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Said by name in the arguments: a megabyte of spaces would fill the test's log.
        let tooLarge = String(repeating: " ", count: CheckDurations.largestRecord) + "{\"05\": 1}"
        let record = text == "too large" ? tooLarge : text
        try Data(record.utf8).write(to: durations.file)
        expectEqual(durations.read(), .init())
        // The next batch's record replaces it whole.
        durations.record([.init("05", "a", 4.0)])
        expectEqual(durations.read(), .init(exercises: ["05": 4.0], answers: ["05": ["a": 4.0]]))
    }

    @Test func negativeFiguresAreNotTaken() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let durations = CheckDurations.kept(in: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("{\"05\": -3, \"08\": 2.5}".utf8).write(to: durations.file)
        expectEqual(durations.read(), .init(exercises: ["08": 2.5]))
        try Data("{\"exercises\": {\"05\": -3}, \"answers\": {\"05\": {\"a\": -1, \"b\": 1}}}".utf8).write(
            to: durations.file)
        expectEqual(durations.read(), .init(answers: ["05": ["b": 1.0]]))
    }
}

extension CheckDurations.Run {
    init(_ exercise: String, _ answer: String, _ seconds: Double) {
        self.init(exercise: exercise, answer: answer, seconds: seconds)
    }
}
