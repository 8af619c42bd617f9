import Foundation
import LabCore

/// How the analysis words its figures, apart from the report formatters (Reports/): the
/// analysis writes a suite's conclusion, and must not depend on any report's layout. The
/// reports use these words too, so a figure reads the same in the conclusion and the table.
enum FigureWords {
    /// A count per operation: "0", "< 0.01" (a stray allocation over thousands of operations:
    /// another thread's, not the operation's), "4.37", "65,271".
    static func perOperation(_ value: Double) -> String {
        if value == 0 { return "0" }
        if value < 0.01 { return "< 0.01" }
        return value >= 1_000 ? Int(value.rounded()).formatted() : value.formatted(significantDigits: 3)
    }
}
