/// Where a bare regex literal (`/…/`, SE-0354) starts, read as the compiler reads one, so that
/// the tokens after it are the compiler's tokens. Swift 6 turns bare-slash regexes on, and a `/`
/// the scan took for an operator while the compiler took it for a regex hid the rest of the line:
/// `/"/.ignoresCase(); hidden()` at the start of a line lexed as a string to the line's end.
///
/// The rules are the compiler's own heuristics for a `/` that might be an operator. A literal
/// may not start with a space, a tab, `*` or `/` (a comment); it ends at the next unescaped `/`
/// on its line, which may not follow an unescaped space or tab nor be followed by `*` or `/`;
/// and a `)` that closes no group, outside `[…]`, makes it an operator (`reduce(1.0, /)`). Where
/// the compiler is sure it has a regex it reads one even so, and reports the error, so a
/// literal that breaks a rule never compiles; reading an operator there loses nothing.
///
/// A `/` right after an operand (a name, a number, `)`, `]`, `}`, a string) or after `func` or
/// `operator` is always an operator. Everywhere else this reads a regex where the compiler
/// might, a few more places than it does (after a name ending a line, before the next
/// line's `/`): the scan then refuses the regex (`UnreadableCode`), a refusal of code that
/// would not compile either, never a regex read as code.
private typealias Byte = SwiftTokenizer.Byte

extension SwiftTokenizer.Lexer {
    /// At a `/`: where the bare regex literal starting here ends (past its closing `/`), or nil
    /// where this `/` is an operator.
    func bareRegexEnd(after previous: SwiftTokenizer.Token?) -> Int? {
        if let previous, previous.kind == .identifier, ["func", "operator"].contains(previous.text) { return nil }
        if position > 0, Self.endsAnOperand(bytes[position - 1]) { return nil }
        var index = position + 1
        guard index < bytes.count, ![Byte.space, Byte.tab, Byte.star, Byte.slash].contains(bytes[index]) else {
            return nil
        }
        var groups = 0
        var classes = 0
        var spaceBefore = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Byte.slash {
                let after = index + 1 < bytes.count ? bytes[index + 1] : 0
                guard !spaceBefore, after != Byte.star, after != Byte.slash else { return nil }
                return index + 1
            }
            spaceBefore = false
            switch byte {
            case Byte.newline, Byte.carriageReturn:
                return nil
            case Byte.backslash:
                // The escaped byte is part of the pattern, whatever it is (`\/`, `\)`, `\ `), but
                // a line may not end inside the literal.
                index += 1
                if index < bytes.count, [Byte.newline, Byte.carriageReturn].contains(bytes[index]) { return nil }
            case Byte.openParenthesis where classes == 0:
                groups += 1
            case Byte.closeParenthesis where classes == 0:
                guard groups > 0 else { return nil }
                groups -= 1
            case Byte.openBracket:
                classes += 1
            case Byte.closeBracket:
                classes = max(0, classes - 1)
            case Byte.space, Byte.tab:
                spaceBefore = true
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// A byte an operand ends with: a `/` right after it is bound to it, an operator.
    static func endsAnOperand(_ byte: UInt8) -> Bool {
        isASCIIIdentifierStart(byte) || isASCIIDigit(byte)
            || [Byte.dollar, Byte.backtick, Byte.closeParenthesis, Byte.closeBracket, Byte.closeBrace, Byte.quote]
                .contains(byte)
    }
}
