import Foundation
import LabCore

/// Mistakes in what a user asked the inventory to do. Each is one line, and nothing changes.
public enum InventoryError: Error, Equatable, CustomStringConvertible {
    case emptyName
    case nameTooLong(characters: Int)
    case controlCharacter
    case invisibleCharacter(Unicode.Scalar)
    case negativeQuantity(String)
    case invalidQuantity(String)
    case quantityTooLarge(String)
    case quantityOverflow(name: String, current: Int, adding: Int)
    case notUTF8(argument: Int)
    case notFound(String)
    case unusableStore(path: String, reason: String)

    public var description: String {
        switch self {
        case .emptyName: "a product needs a name"
        case .nameTooLong(let characters):
            "a product name has at most \(ProductInput.maximumNameLength) characters; this one has \(characters)"
        case .controlCharacter: "a product name cannot contain control characters (such as a newline or a tab)"
        case .invisibleCharacter(let scalar):
            "a product name cannot contain invisible formatting characters (it has U+\(ProductInput.hex(scalar)))"
        case .negativeQuantity(let text): "quantity must be 0 or more, not \(text)"
        case .invalidQuantity(let text): "quantity must be a whole number, not '\(text)'"
        case .quantityTooLarge(let text): "quantity \(text) is larger than the largest quantity, \(Int.max)"
        case .quantityOverflow(let name, let current, let adding):
            "\(name) has \(current); adding \(adding) would pass the largest quantity, \(Int.max)"
        case .notUTF8(let argument): "argument \(argument) is not valid UTF-8 text"
        case .notFound(let name): "no product named '\(name)'"
        case .unusableStore(let path, let reason): "\(path) \(reason)"
        }
    }

    /// Bad input exits 2, like any usage mistake; a name that is not there exits 1.
    public var exitCode: Int32 { if case .notFound = self { 1 } else { 2 } }
}

/// What a product name and a quantity must be before they reach the database.
public enum ProductInput {
    public static let maximumNameLength = 200

    /// The name as stored: trimmed, in Unicode's composed form (so "Café" typed two
    /// ways is one product), with no control or invisible formatting characters and not absurdly long.
    public static func name(_ raw: String) throws(InventoryError) -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        guard !name.isEmpty else { throw .emptyName }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .controlCharacter
        }
        if let invisible = invisibleCharacter(in: name) { throw .invisibleCharacter(invisible) }
        guard name.count <= maximumNameLength else { throw .nameTooLong(characters: name.count) }
        return name
    }

    /// A formatting character that shows nothing of itself (Unicode's category Cf): a zero-width
    /// space makes "Mi\u{200B}lk" a name that lists as "Milk", and a right-to-left override
    /// (U+202E) draws the rest of its table row backwards. The two joiners (U+200C, U+200D) are kept
    /// where a script or an emoji needs them: between two scalars that are not ASCII ("👩‍🍳",
    /// Persian's "می‌خواهم"); between ASCII letters they only make a look-alike. So are a subdivision
    /// flag's tags, whole (England's: the black flag, "gbeng" in tags, the cancel tag). A look-alike
    /// this leaves (a joiner between two Chinese characters, a variation selector) is still the same
    /// product: `key` leaves out every character Unicode says to draw as nothing.
    static func invisibleCharacter(in name: String) -> Unicode.Scalar? {
        let scalars = Array(name.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\u{1F3F4}", let end = endOfFlagTags(in: scalars, from: index + 1) {
                index = end
                continue
            }
            if scalar.properties.generalCategory == .format {
                let joins = scalar == "\u{200C}" || scalar == "\u{200D}"
                let between =
                    index > 0 && index + 1 < scalars.count && !scalars[index - 1].isASCII
                    && !scalars[index + 1].isASCII && scalars[index - 1].properties.generalCategory != .format
                    && scalars[index + 1].properties.generalCategory != .format
                if !(joins && between) { return scalar }
            }
            index += 1
        }
        return nil
    }

    /// Where a flag's tag sequence that starts at `start` ends (just past its cancel tag, U+E007F):
    /// one or more tag letters or digits, then the cancel tag; nil where there is no such sequence.
    static func endOfFlagTags(in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        let letters: ClosedRange<UInt32> = 0xE0061...0xE007A
        let digits: ClosedRange<UInt32> = 0xE0030...0xE0039
        var index = start
        while index < scalars.count, letters.contains(scalars[index].value) || digits.contains(scalars[index].value) {
            index += 1
        }
        guard index > start, index < scalars.count, scalars[index].value == 0xE007F else { return nil }
        return index + 1
    }

    static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The key two spellings of one name share: "Milk", "MILK" and "milk" are one product.
    public static func key(_ name: String) -> String {
        // Without what is drawn as nothing (joiners, variation selectors, tags, fillers): a name
        // that differs from another only there lists as the same, and is the same product.
        let drawn = name.precomposedStringWithCanonicalMapping.unicodeScalars.filter {
            !$0.properties.isDefaultIgnorableCodePoint
        }
        return String(String.UnicodeScalarView(drawn)).lowercased()
    }

    /// A quantity typed by a user: a whole number from 0 to `Int.max`.
    public static func quantity(_ text: String) throws(InventoryError) -> Int {
        if let quantity = Int(text) {
            guard quantity >= 0 else { throw .negativeQuantity(text) }
            return quantity
        }
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { throw .invalidQuantity(text) }
        if text.hasPrefix("-") { throw .negativeQuantity(text) }
        throw .quantityTooLarge(text)
    }

    /// The quantity a product reaches when `adding` more arrive, or an error past `Int.max`.
    public static func sum(_ name: String, _ current: Int, _ adding: Int) throws(InventoryError) -> Int {
        let (total, overflow) = current.addingReportingOverflow(adding)
        guard !overflow else { throw .quantityOverflow(name: name, current: current, adding: adding) }
        return total
    }

    /// The first argument (1-based) whose bytes are not UTF-8, checked on the raw bytes:
    /// `CommandLine.arguments` has already replaced them with U+FFFD, so it cannot tell.
    public static func firstNonUTF8Argument() -> Int? {
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            if String(validatingCString: pointer) == nil { return index }
        }
        return nil
    }
}
