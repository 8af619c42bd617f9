import LabCore
import LabSourceScan

/// One classroom exercise: a file the student edits, a check that grades it by
/// structure, hints, and the patterns it forbids.
public struct Exercise: Sendable, Identifiable {
    public enum Kind: String, Sendable, Codable {
        /// The file does not compile yet; the right fix must also pass the checks.
        case makeItCompile = "make it compile"
        case behaviour
    }

    /// "03-async-let-rovers": the file name without ".swift".
    public let id: String
    public let lesson: String
    public let title: String
    /// The scenario and the task, one paragraph.
    public let summary: String
    public let kind: Kind
    /// Minutes a student typically needs (for the teacher's guide).
    public let minutes: Int
    /// From gentle to specific; `lab hint` shows one more each time it is asked.
    public let hints: [String]
    /// What the scan refuses: the exercise's own patterns, then `ForbiddenPattern.standard`.
    public let forbidden: [ForbiddenPattern]
    /// The check is stopped after this long: a hang is a failed check.
    public let timeLimitSeconds: Double
    /// The isolation mode the student's module is compiled in (Swift 6 as shipped unless
    /// the exercise is about another mode); the check itself is always Swift 6.
    public let mode: CompileMode

    public init(
        _ id: String, lesson: String, title: String, kind: Kind = .behaviour, summary: String, minutes: Int,
        hints: [String], forbidden: [ForbiddenPattern] = [], permitting: Set<String> = [],
        timeLimitSeconds: Double = 15,
        mode: CompileMode = .swift6
    ) {
        self.id = id
        self.lesson = lesson
        self.title = title
        self.summary = summary
        self.kind = kind
        self.minutes = minutes
        self.hints = hints
        // Every exercise refuses the standard list (an allow-list by construction: what an
        // answer may do is compute with the lab's and the language's safe API); one that needs
        // a pattern names it in `permitting`. Its own patterns come first: their reasons are the lesson's.
        let own = Set(forbidden.map(\.text))
        self.forbidden =
            forbidden + ForbiddenPattern.standard.filter { !own.contains($0.text) && !permitting.contains($0.text) }
        self.timeLimitSeconds = timeLimitSeconds
        self.mode = mode
    }

    /// The student's target's `swiftSettings:` argument in a generated manifest ("" for Swift 6).
    var studentSwiftSettings: String {
        mode.packageSettings.isEmpty ? "" : ", swiftSettings: [\(mode.packageSettings.joined(separator: ", "))]"
    }

    public var fileName: String { "\(id).swift" }
}
