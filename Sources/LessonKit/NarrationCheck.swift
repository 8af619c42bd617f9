/// Checks a variant's sentences against its figures: every duration ("85.2 ms") and ratio
/// ("3.92×") a paragraph says must be a figure the run recorded, as printed, or a setting the
/// variant stated (`LessonContext.describe(sourceSeconds:)`, `stated(seconds:)`). A sentence
/// that writes a number of its own ("100 ms of computation" beside 85.2 ms measured, "173×"
/// beside 172 printed) fails.
public enum NarrationCheck {
    /// The times and ratios in the variant's paragraphs that are neither a figure nor stated.
    public static func unsupported(in variant: LessonReport.VariantResult) -> [String] {
        var allowed = Set(variant.stated ?? [])
        for figure in variant.figures {
            allowed.insert(figure.formattedValue)
            // A text figure ("each call: 12.4 ms–23 ms") backs the times written in it.
            if figure.unit == .text { allowed.formUnion(quantities(in: figure.formattedValue)) }
        }
        return (variant.narration ?? []).flatMap(quantities).filter { !allowed.contains($0) }
    }

    /// "took 12.4 ms–23 ms, 3.92× sooner" → ["12.4 ms", "23 ms", "3.92×"].
    public static func quantities(in text: String) -> [String] {
        var found: [String] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            // A number starts at a digit not preceded by a letter, digit, point or comma (not "x264", "req-7").
            guard characters[index].isNumber,
                index == 0
                    || !(characters[index - 1].isLetter || characters[index - 1].isNumber
                        || characters[index - 1] == "." || characters[index - 1] == "," || characters[index - 1] == "-"
                        || characters[index - 1] == "#")
            else {
                index += 1
                continue
            }
            var end = index
            while end < characters.count,
                characters[end].isNumber
                    || ((characters[end] == "." || characters[end] == ",")
                        && end + 1 < characters.count && characters[end + 1].isNumber)
            { end += 1 }
            let number = String(characters[index..<end])
            if end < characters.count, characters[end] == "×" {
                found.append(number + "×")
            } else if end + 1 < characters.count, characters[end] == " " {
                for unit in ["ns", "µs", "ms", "s"] {
                    let after = end + 1 + unit.count
                    guard after <= characters.count, String(characters[(end + 1)..<after]) == unit,
                        after == characters.count || !characters[after].isLetter
                    else { continue }
                    found.append("\(number) \(unit)")
                    break
                }
            }
            index = end
        }
        return found
    }
}
