import LabCommandLine
import LabCore

/// Another way to run a lesson's executable — `main-actor --live`, `inventory add Milk 2` —
/// declared in the same grammar as the flags every lesson shares: its options and positionals
/// join the lesson's `CommandSpec`, so one parser, one generated usage and the same
/// did-you-mean errors serve both, and nothing guesses which one the user meant.
public struct LessonCommand: Sendable {
    /// The command's own options (shown in the lesson's --help with the shared ones).
    public let options: [OptionSpec]
    /// Its arguments, if it takes any (the inventory tool's `add NAME QUANTITY`).
    public let positionals: CommandSpec.Positionals?
    /// The shared lesson options that still mean something to the command (e.g. `no-color`);
    /// any other lesson option given with it is refused as conflicting.
    public let sharedOptions: Set<String>
    /// Whether the arguments ask for the command rather than the lesson.
    public let isRequested: @Sendable (ParsedArguments) -> Bool
    /// Runs the command and returns the exit status; a `UsageError` it throws is reported as
    /// the lesson's own are (one line, the usage, exit 2).
    public let run: @MainActor @Sendable (ParsedArguments) async throws -> Int32

    public init(
        options: [OptionSpec], positionals: CommandSpec.Positionals? = nil, sharedOptions: Set<String> = ["no-color"],
        isRequested: @escaping @Sendable (ParsedArguments) -> Bool,
        run: @escaping @MainActor @Sendable (ParsedArguments) async throws -> Int32
    ) {
        self.options = options
        self.positionals = positionals
        self.sharedOptions = sharedOptions
        self.isRequested = isRequested
        self.run = run
    }

    /// A lesson option given beside the command that it does not share (help aside, which
    /// shows the whole grammar), as the error naming what the user typed: the command's own
    /// option (`--store`), else its command word (`add`). It once said "--command", an option
    /// no one can type.
    func conflict(in parsed: ParsedArguments) -> UsageError? {
        let lesson = LessonOptions.options.map(\.name).first {
            $0 != "help" && !sharedOptions.contains($0) && parsed.isPresent($0)
        }
        guard let lesson else { return nil }
        if let own = options.first(where: { parsed.isPresent($0.name) })?.name {
            return .conflicting(own, lesson)
        }
        if let word = parsed.positionals.first { return .notWithCommand(option: lesson, command: word) }
        return .unexpectedArgument("--\(lesson)")
    }
}
