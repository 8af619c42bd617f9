import Foundation

/// An exercise's starter can change between versions of the lab (exercise 19 moved from an
/// array to SQLite). A student's file written for the earlier starter then fails to compile
/// against the new check; the header line tells the two apart, so `lab check` can say so
/// instead of leaving the student with the compiler's errors alone.
enum StarterEdition {
    /// The starter's "// Exercise NN · lesson · title" line.
    static func header(of starter: String) -> String? {
        starter.split(separator: "\n").first { $0.hasPrefix("// Exercise ") }.map(String.init)
    }

    /// True when the student's file has an exercise header, but not the current starter's.
    static func isEarlier(student: String, starter: String) -> Bool {
        guard let current = header(of: starter) else { return false }
        return header(of: student) != nil && !student.contains(current)
    }
}
