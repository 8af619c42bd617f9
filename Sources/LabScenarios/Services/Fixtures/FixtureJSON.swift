import Foundation

/// A JSON document the simulated services answer with, written by hand: the same bytes as
/// `JSONSerialization.data(withJSONObject:options: [.sortedKeys])` writes for it (keys sorted,
/// `/` written `\/`, as Foundation does), without building `[String: Any]` and bridging it to
/// `NSDictionary` for every response. Checks fetch hundreds of pages of photos; writing them
/// through JSONSerialization was most of those checks' own CPU (docs/MEASUREMENTS.md, session 60).
/// `FixtureJSONTests` compares the two byte for byte.
enum FixtureJSON: Sendable, Equatable {
    case string(String)
    case int(Int)
    case array([FixtureJSON])
    case object([String: FixtureJSON])

    var data: Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        write(into: &bytes)
        return Data(bytes)
    }

    private func write(into bytes: inout [UInt8]) {
        switch self {
        case .string(let text): Self.write(text, into: &bytes)
        case .int(let number): bytes.append(contentsOf: String(number).utf8)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                item.write(into: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            // By their bytes. `.sortedKeys` sorts as words (numbers by value, case ignored), which
            // agrees for the snake_case keys of the APIs these stand in for (FixtureJSONTests).
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.write(key, into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                members[key]!.write(into: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// A string as Foundation's writer escapes it: quote, backslash and slash behind a
    /// backslash, the short escapes for backspace, form feed, newline, return and tab, other
    /// control characters as `\u00XX`, everything else as its UTF-8.
    private static func write(_ text: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case 0x08: bytes.append(contentsOf: Array("\\b".utf8))
            case 0x0C: bytes.append(contentsOf: Array("\\f".utf8))
            case 0x0A: bytes.append(contentsOf: Array("\\n".utf8))
            case 0x0D: bytes.append(contentsOf: Array("\\r".utf8))
            case 0x09: bytes.append(contentsOf: Array("\\t".utf8))
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: Array("\\u00".utf8))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
