/// A text table with a header row, aligned columns and an optional right alignment per column.
public struct Table: Sendable {
    public var headers: [String]
    public var rows: [[String]]
    public var rightAligned: Set<Int>
    /// False for a list of labelled values whose labels say it all (the "Measured" figures):
    /// two lines saved per table, which adds up over a lesson.
    public var showsHeader: Bool

    public init(headers: [String], rows: [[String]] = [], rightAligned: Set<Int> = [], showsHeader: Bool = true) {
        self.headers = headers
        self.rows = rows
        self.rightAligned = rightAligned
        self.showsHeader = showsHeader
    }

    public mutating func append(_ row: [String]) { rows.append(row) }

    /// Renders the table; cells may carry styles (their escape codes are not counted as width).
    /// When it is wider than the terminal, the last column wraps onto more lines.
    public func render(on terminal: Terminal, indent: String = "  ") -> String {
        let columnCount = headers.count
        var widths = showsHeader ? headers.map(\.visibleWidth) : headers.map { _ in 0 }
        for row in rows {
            for (index, cell) in row.prefix(columnCount).enumerated() {
                widths[index] = max(widths[index], cell.visibleWidth)
            }
        }
        let fixed = indent.count + widths.dropLast().reduce(0, +) + 2 * (columnCount - 1)
        let lastWidth = terminal.width - fixed
        if columnCount > 1, fixed + widths[columnCount - 1] > terminal.width, lastWidth >= 16 {
            widths[columnCount - 1] = lastWidth
            var wrappedRows: [[String]] = []
            for row in rows {
                let last = row.count >= columnCount ? row[columnCount - 1] : ""
                let pieces =
                    last.visibleWidth > lastWidth
                    ? last.wrapped(to: lastWidth, indent: "").split(separator: "\n").map(String.init) : [last]
                for (number, piece) in pieces.enumerated() {
                    let lead =
                        number == 0 ? Array(row.prefix(columnCount - 1)) : Array(repeating: "", count: columnCount - 1)
                    wrappedRows.append(lead + [piece])
                }
            }
            var copy = self
            copy.rows = wrappedRows
            return copy.renderRows(on: terminal, indent: indent, widths: widths)
        }
        return renderRows(on: terminal, indent: indent, widths: widths)
    }

    private func renderRows(on terminal: Terminal, indent: String, widths: [Int]) -> String {
        let columnCount = headers.count
        func line(_ cells: [String]) -> String {
            let padded = (0..<columnCount).map { index in
                (index < cells.count ? cells[index] : "").padded(
                    to: widths[index], alignRight: rightAligned.contains(index))
            }
            var text = indent + padded.joined(separator: "  ")
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }
        guard showsHeader else { return rows.map(line).joined(separator: "\n") }
        let header = terminal.paint(line(headers), .bold)
        let rule = indent + widths.map { String(repeating: "─", count: $0) }.joined(separator: "  ")
        return ([header, terminal.paint(rule, .dim)] + rows.map(line)).joined(separator: "\n")
    }
}
