extension String {
    /// Word-wraps plain text to `width` columns; each line starts with `indent`.
    /// Existing line breaks are kept, so a paragraph can hold a short list.
    public func wrapped(to width: Int, indent: String = "") -> String {
        // Widths in columns, as a terminal draws them (`visibleWidth`): escape codes take none, a
        // Chinese character or an emoji two.
        let available = max(12, width - indent.visibleWidth)
        let lines = split(separator: "\n", omittingEmptySubsequences: false).flatMap { line -> [String] in
            var lines: [String] = []
            var current = ""
            // The line's width kept as it grows, not measured again for each word.
            var currentWidth = 0
            // Each word with the spaces before it: a gap of two (between a legend's items) stays
            // two within a line; at a line's break it goes.
            var gap = 0
            for piece in line.split(separator: " ", omittingEmptySubsequences: false) {
                guard !piece.isEmpty else {
                    gap += 1
                    continue
                }
                let word = piece
                let spaces = max(1, gap + 1)
                gap = 0
                let wordWidth = String(word).visibleWidth
                if current.isEmpty {
                    current = String(word)
                    currentWidth = wordWidth
                } else if currentWidth + spaces + wordWidth <= available {
                    current += String(repeating: " ", count: spaces) + word
                    currentWidth += spaces + wordWidth
                } else {
                    lines.append(current)
                    current = String(word)
                    currentWidth = wordWidth
                }
            }
            lines.append(current)
            return lines
        }
        return String.closingStyles(of: lines).map { indent + $0 }.joined(separator: "\n")
    }

    /// Styled text cut into lines, each line closing the styles still open at its end and the
    /// next opening them again: a coloured phrase wrapped inside a table's column colours its own
    /// words, not the cells printed after it on the same line, nor the indent under it.
    static func closingStyles(of lines: [String]) -> [String] {
        guard lines.contains(where: { $0.contains("\u{1B}") }) else { return lines }
        var open: [Substring] = []
        return lines.map { line in
            let reopened = open.joined()
            var rest = line[...]
            while let escape = rest.firstIndex(of: "\u{1B}") {
                guard let end = rest[escape...].firstIndex(of: "m") else { break }
                let code = rest[escape...end]
                if code == "\u{1B}[0m" || code == "\u{1B}[m" { open.removeAll() } else { open.append(code) }
                rest = rest[rest.index(after: end)...]
            }
            return reopened + line + (open.isEmpty ? "" : "\u{1B}[0m")
        }
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
