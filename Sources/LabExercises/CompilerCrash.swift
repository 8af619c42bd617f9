import Foundation

/// A compile that ended with the compiler's own crash report (LLVM's "Stack dump:", printed on a
/// crash signal or a failed assertion), and no error of the lab's. Such a compile of the answer's
/// module, or of the check against it, is the answer's: the given code and the check compile with
/// every catalogued answer, and a compiler bug is triggered by the code it compiles. Before, it read
/// as the lab's own failure ("cannot build the exercise: the check did not build", the compiler's
/// stack and the batch's folders shown), took the batches' lock exclusive and ran SwiftPM again:
/// helper 125's audit crashed Swift 6.3.1 with a key path to a variadic generic subscript
/// (`\Shelf.[1, "a"]`), an answer the scan accepts. Tried again alone in a batch, as a compile error
/// is: a crash of the moment is never the verdict. A compiler stopped by SIGKILL (the kernel out of
/// memory) prints no report, and stays the lab's.
enum CompilerCrash {
    static func isCrash(_ output: String) -> Bool {
        output.split(separator: "\n").contains { $0.hasPrefix("Stack dump:") }
    }

    /// What the student is shown: what the compiler said before its stack (a failed assertion), and
    /// what it was doing where it names the answer's file, each line as `rename` names its paths;
    /// not the stack, the program's arguments or the lab's folders.
    static func summary(_ output: String, rename: (String) -> String) -> String {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let stack = lines.firstIndex { $0.hasPrefix("Stack dump:") } ?? lines.count
        let said = lines[..<stack].filter { line in
            !line.trimmingCharacters(in: .whitespaces).isEmpty
                && !["submit a bug report", "-assert-help"].contains { line.contains($0) }
        }
        // Of the numbered steps under "Stack dump:", those that name the answer's file (`for
        // 'buttonTapped(_:)' (at …/Exercise.swift:7:1)`); not the program's arguments, not the stack.
        let doing = lines[stack...].prefix { !$0.hasPrefix(" #") && !$0.hasPrefix("#") }.filter {
            $0.contains("Exercise.swift:") && !$0.contains("Program arguments")
        }.map { $0.trimmingCharacters(in: .whitespaces) }
        return Grader.cut((said + doing).map(rename).joined(separator: "\n"), lines: 12)
    }
}
