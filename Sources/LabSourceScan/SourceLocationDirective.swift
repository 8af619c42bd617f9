/// `#sourceLocation`, refused in every answer: it makes the compiler name another file and line
/// in its messages, and the grader tells an answer's own compile errors from the lab's by the file
/// they name (`Grader.errorsInPackage`). Helper 125's audit wrote `#sourceLocation(file:
/// "/usr/include/stdio.h", line: 1)` above a compile error: `lab grade` reported the answer as the
/// lab's own failure ("cannot build the exercise: the check did not build"), and the batch took the
/// batches' lock exclusive to build the shared library again before trying it alone. An answer needs
/// none, and the line numbers a student is shown would be the directive's, not the file's.
package enum SourceLocationDirective {
    static func findings(_ tokens: [SwiftTokenizer.Token]) -> [SourceScanner.Finding] {
        tokens.indices.dropFirst().compactMap { index in
            let token = tokens[index]
            guard token.kind == .identifier, token.text == "sourceLocation", tokens[index - 1].text == "#" else {
                return nil
            }
            return .init(
                code: "`#sourceLocation`", line: token.line,
                reason:
                    "it makes the compiler's messages name another file and line, and the grader tells your errors from the lab's by the file they name; remove it"
            )
        }
    }
}
