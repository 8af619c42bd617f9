import Foundation

/// An exercise's starter can change between versions of the lab (exercise 19 moved from an
/// array to SQLite). A student's file written for the earlier starter then fails to compile
/// against the new check; the header line tells the two apart, so `lab check` can say so
/// instead of leaving the student with the compiler's errors alone.
enum StarterEdition {
    /// What a failed compile's file says of its header, when it is not the current starter's.
    enum Finding: Equatable {
        /// The header of an earlier edition of this exercise's starter (`earlierHeaders`).
        case earlierEdition
        /// Another header (the solution's, one the student wrote): perhaps an edition the lab no
        /// longer lists, perhaps not, so the sentence for it says "if".
        case otherHeader(String)
    }

    /// The headers each exercise's starter had in earlier versions of the lab, by its number: when a
    /// starter's header changes, its old one goes here, so the lab can say the file is of that edition
    /// (a file with any other header was told so too, an audit's finding: the solution's own header
    /// "// Exercise 30 · solution: …" among them).
    static let earlierHeaders: [String: Set<String>] = [
        "19": ["// Exercise 19 · inventory · The inventory store actor"]
    ]

    /// The starter's "// Exercise NN · lesson · title" line.
    static func header(of starter: String) -> String? {
        starter.split(separator: "\n").first { $0.hasPrefix("// Exercise ") }.map(String.init)
    }

    /// Nil when the student's file has no exercise header or has the current starter's.
    static func finding(student: String, starter: String, exercise number: String) -> Finding? {
        guard let current = header(of: starter), let theirs = header(of: student), !student.contains(current) else {
            return nil
        }
        return earlierHeaders[number, default: []].contains(theirs) ? .earlierEdition : .otherHeader(theirs)
    }

    /// The sentence `lab check` says under the compiler's errors for `finding`.
    static func sentence(_ finding: Finding, current: String, exercise number: String) -> String {
        switch finding {
        case .earlierEdition:
            return
                "This exercise changed in this version of the lab (it now begins \"\(current)\"); your file was written for the earlier one. `swift run lab reset \(number)` starts the new one and keeps yours in backups/ (in ~/.concurrency-lab, or $CONCURRENCY_LAB_HOME)."
        case .otherHeader(let theirs):
            return
                "Your file begins \"\(theirs)\", where this version's starting file begins \"\(current)\": if yours was written for an earlier version of the lab, `swift run lab reset \(number)` starts the current one and keeps yours in backups/ (in ~/.concurrency-lab, or $CONCURRENCY_LAB_HOME)."
        }
    }
}
