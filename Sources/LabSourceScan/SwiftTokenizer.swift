/// Splits Swift source into the tokens the compiler sees, for the grader's scan.
///
/// Why tokens and not text: a scan of raw text is fooled both ways. Extra spaces,
/// a newline or a comment inside `@unchecked Sendable` hide it; a string or a
/// comment that merely *mentions* `Thread.sleep` looks like a call. Here comments
/// and whitespace vanish, a string literal becomes one `.string` token, and the
/// code inside a string interpolation `"\(…)"` is tokenized as code, because it
/// runs. Backticked names (`` `sleep` ``) are the plain identifier.
/// (Escape hatches appear in this file only as text in comments; it uses none of them.)
public enum SwiftTokenizer {
    public struct Token: Equatable, Sendable {
        public enum Kind: Sendable, Equatable { case identifier, punctuation, number, string }
        public let kind: Kind
        public let text: String
        /// 1-based line in the source, for messages.
        public let line: Int
        /// A string literal's text without its interpolations, escapes decoded (`"/pr\u{6F}c"` is
        /// "/proc"): the scan looks for paths in it. Empty for every other token.
        public var literal: String = ""
    }

    /// The text of a bare regex literal's one token (`BareRegexLiteral`); its pattern is the token's `literal`.
    public static let regexLiteral = "/…/"

    /// The text of the one token that stands for an interpolation nested deeper than
    /// `deepestInterpolation`, whose code is not tokenized (`NestingDepth` refuses the file).
    public static let unreadInterpolation = "\\(…)"
    /// How deep string interpolations are read: each level is a call of the lexer's own, so an
    /// answer of thousands (`"\("\("…`) ran the grader's thread out of stack (session 55). A real
    /// answer nests two or three.
    public static let deepestInterpolation = 16

    public static func tokens(of source: String) -> [Token] {
        var lexer = Lexer(Array(source.utf8))
        return lexer.lexCode(untilClosingParenthesis: false)
    }

    /// Reads the source's UTF-8 bytes, not its Unicode scalars: nearly every byte of a Swift file
    /// is ASCII, compared here as a plain number, and a scalar is decoded only where a byte is not
    /// (a letter of a name, a space, a digit or a symbol outside ASCII). The lab's tests scan all of
    /// its own code, in a debug build, where each scalar read was a call: with this and each file
    /// tokenized once (`ScannedSwiftFile`), that test took 3.2 s instead of 6.7 (docs/MEASUREMENTS.md).
    struct Lexer {
        let bytes: [UInt8]
        var position = 0
        var line = 1
        /// How many interpolations the lexer is inside.
        var interpolations = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        /// The byte `offset` bytes ahead, or 0 past the end (compared only with other bytes).
        func peek(_ offset: Int = 0) -> UInt8 {
            position + offset < bytes.count ? bytes[position + offset] : 0
        }

        var atEnd: Bool { position >= bytes.count }

        /// Past one byte (one that is ASCII, or inside a run of bytes that ends at ASCII).
        mutating func advance() {
            if bytes[position] == Byte.newline { line += 1 }
            position += 1
        }

        /// The scalar that starts here, and how many bytes it takes.
        func scalar(at index: Int) -> (scalar: Unicode.Scalar, length: Int) {
            let lead = UInt32(bytes[index])
            guard lead >= 0x80 else { return (Unicode.Scalar(UInt8(lead)), 1) }
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            var value = lead & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for next in 1..<length where index + next < bytes.count {
                value = value << 6 | UInt32(bytes[index + next] & 0x3F)
            }
            return (Unicode.Scalar(value) ?? "?", length)
        }

        /// Code tokens until the end, or until the `)` that closes an interpolation.
        mutating func lexCode(untilClosingParenthesis: Bool) -> [Token] {
            var tokens: [Token] = []
            var depth = 0
            while !atEnd {
                let byte = bytes[position]
                if byte == Byte.space || (byte >= 0x09 && byte <= 0x0D) {
                    advance()
                    continue
                }
                if byte == Byte.slash && peek(1) == Byte.slash {
                    skipLineComment()
                    continue
                }
                if byte == Byte.slash && peek(1) == Byte.star {
                    skipBlockComment()
                    continue
                }
                if byte == Byte.slash, let end = bareRegexEnd(after: tokens.last) {
                    // One token, as a string's: its pattern is not code.
                    var regex = Token(kind: .string, text: SwiftTokenizer.regexLiteral, line: line)
                    regex.literal = String(decoding: bytes[(position + 1)..<(end - 1)], as: UTF8.self)
                    tokens.append(regex)
                    position = end
                    continue
                }
                if byte == Byte.hash || byte == Byte.quote, let hashes = rawStringOpening() {
                    tokens += lexString(hashes: hashes)
                    continue
                }
                if Self.isASCIIIdentifierStart(byte) || byte == Byte.dollar {
                    tokens.append(lexIdentifier())
                    continue
                }
                if byte == Byte.backtick {
                    advance()
                    let start = position
                    while !atEnd, bytes[position] != Byte.backtick, bytes[position] != Byte.newline { advance() }
                    tokens.append(Token(kind: .identifier, text: text(from: start), line: line))
                    if peek() == Byte.backtick { advance() }
                    continue
                }
                if Self.isASCIIDigit(byte) {
                    tokens.append(lexNumber())
                    continue
                }
                if byte >= 0x80 {
                    // Outside ASCII: a space, the start of a name or a number, or a symbol.
                    let (scalar, length) = self.scalar(at: position)
                    if scalar.properties.isWhitespace {
                        position += length
                        continue
                    }
                    if scalar.properties.isAlphabetic {
                        tokens.append(lexIdentifier())
                        continue
                    }
                    if scalar.properties.numericType != nil {
                        tokens.append(lexNumber())
                        continue
                    }
                    tokens.append(Token(kind: .punctuation, text: String(scalar), line: line))
                    position += length
                    continue
                }
                if untilClosingParenthesis {
                    if byte == Byte.openParenthesis { depth += 1 }
                    if byte == Byte.closeParenthesis {
                        if depth == 0 {
                            advance()
                            return tokens
                        }
                        depth -= 1
                    }
                }
                tokens.append(Token(kind: .punctuation, text: String(Unicode.Scalar(byte)), line: line))
                advance()
            }
            return tokens
        }

        /// At `"`, `"""`, `#"`, `##"`…: the number of `#`s; nil when `#` starts something else (`#if`).
        func rawStringOpening() -> Int? {
            var hashes = 0
            while peek(hashes) == Byte.hash { hashes += 1 }
            return peek(hashes) == Byte.quote ? hashes : nil
        }

        /// Past the parentheses that open here and what they hold, counted byte by byte, without
        /// reading it as code (an interpolation past `deepestInterpolation`).
        mutating func skipBalancedParentheses() {
            var depth = 0
            while !atEnd {
                let byte = bytes[position]
                advance()
                if byte == Byte.openParenthesis { depth += 1 }
                if byte == Byte.closeParenthesis {
                    depth -= 1
                    if depth == 0 { return }
                }
            }
        }

        /// Whether the `count` bytes from `offset` ahead are all `byte`.
        func bytes(_ byte: UInt8, count: Int, from offset: Int) -> Bool {
            var index = 0
            while index < count {
                if peek(offset + index) != byte { return false }
                index += 1
            }
            return true
        }

        /// A string literal becomes one `.string` token; its interpolations become code tokens.
        mutating func lexString(hashes: Int) -> [Token] {
            let startLine = line
            position += hashes
            let multiline = bytes(Byte.quote, count: 3, from: 0)
            let quotes = multiline ? 3 : 1
            position += quotes
            var tokens = [Token(kind: .string, text: "\"…\"", line: startLine)]
            var content: [UInt8] = []
            func finished() -> [Token] {
                tokens[0].literal = String(decoding: content, as: UTF8.self)
                return tokens
            }
            while !atEnd {
                let byte = bytes[position]
                if byte == Byte.backslash && bytes(Byte.hash, count: hashes, from: 1) {
                    position += 1 + hashes
                    if peek() == Byte.openParenthesis, interpolations >= SwiftTokenizer.deepestInterpolation {
                        tokens.append(Token(kind: .punctuation, text: SwiftTokenizer.unreadInterpolation, line: line))
                        skipBalancedParentheses()
                    } else if peek() == Byte.openParenthesis {
                        advance()
                        interpolations += 1
                        tokens += lexCode(untilClosingParenthesis: true)
                        interpolations -= 1
                    } else if !atEnd {
                        content += decodeEscape()
                    }
                    continue
                }
                if byte == Byte.quote && bytes(Byte.quote, count: quotes, from: 0)
                    && bytes(Byte.hash, count: hashes, from: quotes)
                {
                    position += quotes + hashes
                    return finished()
                }
                if byte == Byte.newline && !multiline { return finished() }  // an unterminated literal ends at its line
                content.append(byte)
                advance()
            }
            return finished()
        }

        /// The UTF-8 of the character the escape here stands for (past its backslash); after `\u`,
        /// reads `{hex}`.
        mutating func decodeEscape() -> [UInt8] {
            let (escaped, length) = scalar(at: position)
            if escaped == "\n" { line += 1 }
            position += length
            switch escaped {
            case "n": return [Byte.newline]
            case "t": return [0x09]
            case "r": return [0x0D]
            case "0": return [0]
            case "u" where peek() == Byte.openBrace:
                advance()
                let start = position
                while !atEnd, bytes[position] != Byte.closeBrace, bytes[position] != Byte.newline { advance() }
                let hex = text(from: start)
                if peek() == Byte.closeBrace { advance() }
                return Array(String(UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init) ?? "?").utf8)
            default: return Array(String(escaped).utf8)
            }
        }

        mutating func lexIdentifier() -> Token {
            let start = position
            position += scalar(at: position).length
            skipNameCharacters(withDecimalPoints: false)
            return Token(kind: .identifier, text: text(from: start), line: line)
        }

        /// Digits, letters and `_` (`0x1F`, `1_000`, `2e3`), and a `.` followed by a digit.
        mutating func lexNumber() -> Token {
            let start = position
            skipNameCharacters(withDecimalPoints: true)
            return Token(kind: .number, text: text(from: start), line: line)
        }

        /// Past the letters, digits, `_` and `$` here (a name's rest, a number's digits), and, for a
        /// number, each `.` followed by a digit.
        mutating func skipNameCharacters(withDecimalPoints: Bool) {
            while !atEnd {
                let byte = bytes[position]
                if byte < 0x80 {
                    let continues =
                        Self.isASCIIIdentifierStart(byte) || Self.isASCIIDigit(byte) || byte == Byte.dollar
                        || (withDecimalPoints && byte == Byte.dot && startsNumber(at: position + 1))
                    guard continues else { return }
                    position += 1
                    continue
                }
                let (scalar, length) = self.scalar(at: position)
                guard scalar.properties.isAlphabetic || scalar.properties.numericType != nil else { return }
                position += length
            }
        }

        /// Whether the scalar at `index` is an ASCII digit or, outside ASCII, numeric (`numericType`: ٣, ½, Ⅻ).
        func startsNumber(at index: Int) -> Bool {
            guard index < bytes.count else { return false }
            let byte = bytes[index]
            return byte < 0x80 ? Self.isASCIIDigit(byte) : scalar(at: index).scalar.properties.numericType != nil
        }

        mutating func skipLineComment() {
            while !atEnd, bytes[position] != Byte.newline { position += 1 }
        }

        mutating func skipBlockComment() {
            var depth = 0
            while !atEnd {
                if peek() == Byte.slash && peek(1) == Byte.star {
                    depth += 1
                    position += 2
                    continue
                }
                if peek() == Byte.star && peek(1) == Byte.slash {
                    depth -= 1
                    position += 2
                    if depth == 0 { return }
                    continue
                }
                advance()
            }
        }

        func text(from start: Int) -> String {
            String(decoding: bytes[start..<position], as: UTF8.self)
        }

        static func isASCIIIdentifierStart(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F
        }

        static func isASCIIDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    }

    /// The ASCII bytes the lexer compares with, by name.
    enum Byte {
        static let tab: UInt8 = 0x09
        static let newline: UInt8 = 0x0A
        static let carriageReturn: UInt8 = 0x0D
        static let space: UInt8 = 0x20
        static let quote: UInt8 = 0x22
        static let hash: UInt8 = 0x23
        static let dollar: UInt8 = 0x24
        static let openParenthesis: UInt8 = 0x28
        static let closeParenthesis: UInt8 = 0x29
        static let star: UInt8 = 0x2A
        static let dot: UInt8 = 0x2E
        static let slash: UInt8 = 0x2F
        static let openBracket: UInt8 = 0x5B
        static let backslash: UInt8 = 0x5C
        static let closeBracket: UInt8 = 0x5D
        static let backtick: UInt8 = 0x60
        static let openBrace: UInt8 = 0x7B
        static let closeBrace: UInt8 = 0x7D
    }
}
