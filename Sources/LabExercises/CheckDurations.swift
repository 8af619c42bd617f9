import Foundation
import LabCore
import LabFiles

/// How long checks ran in the batches that ran them, kept beside the shared build so that the next
/// batch starts its longest checks first. A batch's checks mostly wait (their services' latencies,
/// their deadlines) and their number at once is capped, so the checks started last set its end: in
/// a full `--verify` built in catalogue order, the last exercises' answers included checks of
/// 10–12 s that began only as the builds ended (docs/MEASUREMENTS.md, session 33). Ordered longest
/// first, what is left when the builds end is short.
///
/// Kept twice over: each exercise's longest check in the last batch that ran it, and each answer's
/// own, by its code. An exercise's checks differ by answer: the answers that pass run every step,
/// most mistakes stop at the first (25's longest is 14.8 s, most of its answers end within a
/// second). By exercise alone, an exercise's answers were built in their own order, and a take
/// of CI's queue whose last exercise held a long check built last waited for it with its builds
/// done (session 68: up to 8 s a take). An answer not in the record counts as its exercise's
/// longest in the last batch that ran it: a student's new code is assumed as long as that. An answer
/// that built no check (it does not compile) is recorded at 0 s: it runs nothing.
///
/// Only an order comes from here, never a verdict: a record that is missing, stale, unreadable
/// or spoilt (where a check could write the lab folder) leaves the batch in its own order.
/// Written by the grader after its runs, whole and renamed into place (`AtomicFile`): of two
/// batches that end at once, the later one's record wins, which costs only an order.
struct CheckDurations: Sendable {
    let file: URL

    /// Seconds of each exercise's longest check, and of each answer's, by exercise and then by the
    /// answer's key (`answerKey`).
    struct Record: Codable, Equatable, Sendable {
        var exercises: [String: Double] = [:]
        var answers: [String: [String: Double]] = [:]

        init(exercises: [String: Double] = [:], answers: [String: [String: Double]] = [:]) {
            self.exercises = exercises
            self.answers = answers
        }

        /// Either part may be missing (a record written by hand, or by a later lab with a part of its own).
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            exercises = try container.decodeIfPresent([String: Double].self, forKey: .exercises) ?? [:]
            answers = try container.decodeIfPresent([String: [String: Double]].self, forKey: .answers) ?? [:]
        }

        /// What an answer not recorded is expected to take: its exercise's longest in the last batch
        /// that ran the exercise; where only answers are recorded, the longest of them. (Not the
        /// longest ever kept: one slow run, a hung answer or a loaded machine, would then rank
        /// every new answer of the exercise for good, where the last batch's figure corrects itself.)
        func expected(_ exercise: String) -> Double {
            exercises[exercise] ?? answers[exercise]?.values.max() ?? 0
        }
    }

    /// One check's run: its exercise, its answer's key, how long it took.
    struct Run: Sendable {
        let exercise: String
        let answer: String
        let seconds: Double
    }

    /// Each exercise keeps its longest answers only: the catalogue's largest exercise has 69 known
    /// answers, and a class adds a new answer for each student at each grading. The short ones left
    /// out count as their exercise's figure (`Record.expected`), which only moves them earlier.
    static let answersKeptPerExercise = 128
    /// A record of 31 exercises with all their answers is about 40 kB; anything past this is not one.
    static let largestRecord = 1 << 20

    static func kept(in workFolder: URL) -> CheckDurations {
        CheckDurations(file: workFolder.appendingPathComponent("check-durations.json"))
    }

    /// An answer's key in the record: its code's 64-bit FNV-1a hash, in hexadecimal. Two answers
    /// with the same hash share a figure, which costs only an order.
    static func answerKey(_ code: String) -> String {
        String(FNV1a.hash(code.utf8), radix: 16)
    }

    /// The record; empty where there is none to read. A record of each exercise alone (the form
    /// before answers were kept: `{"05-window-of-three": 10.3, …}`) is read as such.
    func read() -> Record {
        // A regular file only, opened without waiting: where a check could write the lab folder,
        // a FIFO put in the record's place would otherwise stall every later batch at this open.
        guard case .success(let data) = RegularFile.read(file, atMost: Self.largestRecord - 1) else { return Record() }
        // The earlier form first: its exercises' names would be keys the record's form ignores.
        let decoder = JSONDecoder()
        let record: Record
        if let exercises = try? decoder.decode([String: Double].self, from: data) {
            record = Record(exercises: exercises)
        } else if let whole = try? decoder.decode(Record.self, from: data) {
            record = whole
        } else {
            return Record()
        }
        return Record(
            exercises: record.exercises.filter { Self.isDuration($0.value) },
            answers: record.answers.mapValues { $0.filter { Self.isDuration($0.value) } })
    }

    private static func isDuration(_ seconds: Double) -> Bool { seconds.isFinite && seconds >= 0 }

    /// The batch's measured runs, kept over the older record: for each exercise, its longest run
    /// in this batch; for each answer, its own run (the longest, where it ran twice).
    func record(_ runs: [Run]) {
        guard !runs.isEmpty else { return }
        var record = read()
        // An exercise's figure from checks that ran (an answer that built none is kept at 0 s as
        // itself, below, but says nothing of how long the exercise's checks take).
        record.exercises.merge(
            Dictionary(runs.filter { $0.seconds > 0 }.map { ($0.exercise, $0.seconds) }, uniquingKeysWith: max)
        ) { _, measured in measured }
        for (exercise, ran) in Dictionary(grouping: runs, by: \.exercise) {
            var answers = record.answers[exercise, default: [:]]
            answers.merge(Dictionary(ran.map { ($0.answer, $0.seconds) }, uniquingKeysWith: max)) { _, measured in
                measured
            }
            if answers.count > Self.answersKeptPerExercise {
                let longest = answers.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                answers = Dictionary(uniqueKeysWithValues: longest.prefix(Self.answersKeptPerExercise).map { ($0, $1) })
            }
            record.answers[exercise] = answers
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let data = try? encoder.encode(record) else { return }
        try? FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? AtomicFile.write(data, to: file)
    }

    /// `items` longest first by the seconds `record` expects of each: an answer's own, else its
    /// exercise's (`Record.expected`); those with none, and ties, keep their order after the known
    /// ones of the same length (a stable sort).
    static func longestFirst<Item>(
        _ items: [Item], key: (Item) -> (exercise: String, answer: String), record: Record
    ) -> [Item] {
        items.map { item in
            let (exercise, answer) = key(item)
            return (item, record.answers[exercise]?[answer] ?? record.expected(exercise))
        }.enumerated().sorted { left, right in
            let (a, b) = (left.element.1, right.element.1)
            return a != b ? a > b : left.offset < right.offset
        }.map(\.element.0)
    }
}
