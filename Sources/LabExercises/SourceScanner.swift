/// Finds forbidden patterns in a student's code, ignoring comments and string
/// literals (a TODO comment that names `@unchecked Sendable` is not a violation).
/// The escape hatches appear in this file only as text; it uses none of them.
public enum SourceScanner {
    public static func violations(in source: String, forbidden: [ForbiddenPattern]) -> [ForbiddenPattern] {
        let code = stripCommentsAndStrings(source)
        return forbidden.filter { pattern in
            if pattern.text == "sleep(" {
                // `sleep(` but not `Task.sleep(` or `.sleep(`.
                return code.ranges(of: "sleep(").contains { range in
                    range.lowerBound == code.startIndex || !".".contains(code[code.index(before: range.lowerBound)])
                }
            }
            return code.contains(pattern.text)
        }
    }

    /// The code with `//` and `/* */` comments and string literals blanked out.
    public static func stripCommentsAndStrings(_ source: String) -> String {
        var result = ""
        var characters = Array(source)[...]
        var state = State.code
        enum State { case code, lineComment, blockComment(depth: Int), string, multilineString }
        while let character = characters.first {
            characters.removeFirst()
            let next = characters.first
            switch state {
            case .code:
                if character == "/" && next == "/" { state = .lineComment; characters.removeFirst() }
                else if character == "/" && next == "*" { state = .blockComment(depth: 1); characters.removeFirst() }
                else if character == "\"" && next == "\"" && characters.dropFirst().first == "\"" {
                    state = .multilineString; characters.removeFirst(2); result += "\"\"\"\"\"\""
                } else if character == "\"" { state = .string; result.append("\"") }
                else { result.append(character) }
            case .lineComment:
                if character == "\n" { state = .code; result.append("\n") }
            case .blockComment(let depth):
                if character == "*" && next == "/" {
                    characters.removeFirst()
                    state = depth == 1 ? .code : .blockComment(depth: depth - 1)
                } else if character == "/" && next == "*" {
                    characters.removeFirst()
                    state = .blockComment(depth: depth + 1)
                } else if character == "\n" { result.append("\n") }
            case .string:
                if character == "\\" { characters.popFirst().map { _ in } }
                else if character == "\"" { state = .code; result.append("\"") }
                else if character == "\n" { state = .code; result.append("\n") }
            case .multilineString:
                if character == "\"" && next == "\"" && characters.dropFirst().first == "\"" {
                    characters.removeFirst(2)
                    state = .code
                } else if character == "\n" { result.append("\n") }
            }
        }
        return result
    }
}
