extension String {
    /// Word-wraps plain text to `width` columns; each line starts with `indent`.
    /// Existing line breaks are kept, so a paragraph can hold a short list.
    public func wrapped(to width: Int, indent: String = "") -> String {
        // Widths in columns, as a terminal draws them (`visibleWidth`): escape codes take none, a
        // Chinese character or an emoji two.
        let available = max(12, width - indent.visibleWidth)
        return split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var lines: [String] = []
            var current = ""
            // The line's width kept as it grows, not measured again for each word.
            var currentWidth = 0
            for word in line.split(separator: " ", omittingEmptySubsequences: true) {
                let wordWidth = String(word).visibleWidth
                if current.isEmpty {
                    current = String(word)
                    currentWidth = wordWidth
                } else if currentWidth + 1 + wordWidth <= available {
                    current += " " + word
                    currentWidth += 1 + wordWidth
                } else {
                    lines.append(current)
                    current = String(word)
                    currentWidth = wordWidth
                }
            }
            lines.append(current)
            return lines.map { indent + $0 }.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// `lead` then this text, wrapped to `width` with its later lines under its first word (a
    /// help line: an option, then what it does); where that leaves fewer than 30 columns, the text
    /// starts on a line of its own.
    public func wrapped(to width: Int, after lead: String) -> String {
        let leadWidth = lead.visibleWidth
        guard leadWidth + visibleWidth > width else { return lead + self }
        if width - leadWidth >= 30 {
            return lead + wrapped(to: width, indent: String(repeating: " ", count: leadWidth)).dropFirst(leadWidth)
        }
        let trimmed = String(lead.reversed().drop { $0 == " " }.reversed())
        return trimmed + "\n" + wrapped(to: width, indent: "      ")
    }
}
