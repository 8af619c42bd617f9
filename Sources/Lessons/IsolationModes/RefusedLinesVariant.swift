import Foundation
import LabConsole
import LabCore
import LessonKit

/// Lines that one mode refuses and another accepts, with the compiler's words.
enum RefusedLinesVariant {
    static let variant = LessonVariant("refused-lines", title: "Which lines each mode refuses to compile") { context in
        let console = context.console
        let terminal = console.terminal
        console.paragraph(
            """
            The compiler's verdict on a few lines of app code, under each mode's flags (a test compiles \
            every snippet in every mode and checks these words against this toolchain).
            """)
        for diagnostic in ModeDiagnostics.all {
            console.subheading(diagnostic.title)
            console.say(
                terminal.paint(
                    diagnostic.source.split(separator: "\n", omittingEmptySubsequences: false)
                        .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n"), .dim))
            for (modes, error) in outcomes(of: diagnostic) {
                let verdict = error.map { terminal.paint("error: ", .red) + $0 } ?? terminal.paint("compiles", .green)
                console.say(
                    ("  " + WhereCallsRunNarration.modeList(modes) + ": " + verdict)
                        .wrapped(to: terminal.width, indent: "      ").replacingOccurrences(
                            of: "      ", with: "", options: .anchored))
            }
            console.say("  fix: " + diagnostic.fix)
            let refusing = CompileMode.allCases.filter { diagnostic.error(in: $0) != nil }
            context.recordInTable(
                Figure(
                    key: "refused_by.\(diagnostic.name)", label: "refused by (\(diagnostic.name))",
                    value: Double(refusing.count), unit: .text, text: refusing.map(\.rawValue).joined(separator: ",")))
        }
    }

    /// The modes grouped by what the compiler said, in the order the modes come.
    static func outcomes(of diagnostic: ModeDiagnostic) -> [(modes: [CompileMode], error: String?)] {
        var groups: [(modes: [CompileMode], error: String?)] = []
        for mode in CompileMode.allCases {
            let error = diagnostic.error(in: mode)
            if let index = groups.firstIndex(where: { $0.error == error }) {
                groups[index].modes.append(mode)
            } else {
                groups.append(([mode], error))
            }
        }
        return groups
    }
}
