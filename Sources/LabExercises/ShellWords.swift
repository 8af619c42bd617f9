/// Splits one line of a POSIX shell command into its words, as `sh` would without expanding
/// anything: single quotes keep everything literally, double quotes keep everything but
/// `\"`, `\\`, `\$` and `` \` ``, and a backslash outside quotes keeps the next character.
/// The Swift driver prints its jobs this way (`swiftc -###`). Nil for an unfinished quote.
enum ShellWords {
    static func split(_ line: String) -> [String]? {
        var words: [String] = []
        var word = ""
        var inWord = false
        var characters = line.makeIterator()
        while let character = characters.next() {
            switch character {
            case " ", "\t":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "'":
                inWord = true
                while true {
                    guard let next = characters.next() else { return nil }
                    if next == "'" { break }
                    word.append(next)
                }
            case "\"":
                inWord = true
                while true {
                    guard let next = characters.next() else { return nil }
                    if next == "\"" { break }
                    if next == "\\" {
                        guard let escaped = characters.next() else { return nil }
                        if !"\"\\$`".contains(escaped) { word.append("\\") }
                        word.append(escaped)
                    } else {
                        word.append(next)
                    }
                }
            case "\\":
                guard let escaped = characters.next() else { return nil }
                inWord = true
                word.append(escaped)
            default:
                inWord = true
                word.append(character)
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
