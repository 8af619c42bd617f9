extension String {
    /// Word-wraps plain text to `width` columns; each line starts with `indent`.
    /// Existing line breaks are kept, so a paragraph can hold a short list.
    public func wrapped(to width: Int, indent: String = "") -> String {
        let available = max(12, width - indent.count)
        return split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var lines: [String] = []
            var current = ""
            for word in line.split(separator: " ", omittingEmptySubsequences: true) {
                if current.isEmpty {
                    current = String(word)
                } else if current.visibleWidth + 1 + word.count <= available {
                    current += " " + word
                } else {
                    lines.append(current)
                    current = String(word)
                }
            }
            lines.append(current)
            return lines.map { indent + $0 }.joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
