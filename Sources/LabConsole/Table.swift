/// A text table with a header row, aligned columns and an optional right alignment per column.
public struct Table: Sendable {
    public var headers: [String]
    public var rows: [[String]]
    public var rightAligned: Set<Int>
    /// False for a list of labelled values whose labels say it all (the "Measured" figures):
    /// two lines saved per table, which adds up over a lesson.
    public var showsHeader: Bool
    /// How many leading columns name a row (a mark and an exercise's id, say): kept together when
    /// the table is too wide for the terminal and is split or stacked. At least one, and one fewer
    /// than the columns at most (`keyCount`), however it is set.
    public var keyColumns: Int
    private var keyCount: Int { max(1, min(keyColumns, headers.count - 1)) }

    public init(
        headers: [String], rows: [[String]] = [], rightAligned: Set<Int> = [], showsHeader: Bool = true,
        keyColumns: Int = 1
    ) {
        self.headers = headers
        self.rows = rows
        self.rightAligned = rightAligned
        self.showsHeader = showsHeader
        self.keyColumns = keyColumns
    }

    public mutating func append(_ row: [String]) { rows.append(row) }

    /// Renders the table; cells may carry styles (their escape codes are not counted as width).
    /// A table wider than the terminal is fitted in the first of these ways that works: its
    /// widest column past the keys wraps onto more lines (where that leaves it 16 columns or
    /// more); its columns are split into panels, one under the other, each starting with the key
    /// columns (a class's grid of 31 exercises); or each row is stacked, its keys on a line and
    /// the rest under them (`lab doctor` at 40 columns).
    public func render(on terminal: Terminal, indent: String = "  ") -> String {
        let widths = columnWidths()
        let total = indent.visibleWidth + widths.reduce(0, +) + 2 * (headers.count - 1)
        guard headers.count > 1, total > terminal.width else {
            return renderRows(on: terminal, indent: indent, widths: widths)
        }
        // The widest column past the keys; of equals, the last.
        let wide = (keyCount..<headers.count).max { widths[$0] <= widths[$1] } ?? headers.count - 1
        let room = terminal.width - (total - widths[wide])
        // Wrapped only where its longest word still fits: a word cut by the terminal is worse.
        let longestWord =
            rows.map { $0.count > wide ? $0[wide].split(separator: " ").map { String($0).visibleWidth }.max() ?? 0 : 0 }
            .max() ?? 0
        // Nor where its header is wider: the header is one line.
        let header = showsHeader ? headers[wide].visibleWidth : 0
        if room >= max(16, longestWord, header) {
            return wrapping(column: wide, to: room, on: terminal, indent: indent, widths: widths)
        }
        if let panels = panels(fitting: terminal.width - indent.visibleWidth, widths: widths) {
            return panels.map { $0.render(on: terminal, indent: indent) }.joined(separator: "\n\n")
        }
        // No rows to stack: the header alone, wrapped, says what the table would hold.
        guard !rows.isEmpty else {
            guard showsHeader else { return "" }
            return terminal.paint(headers.joined(separator: "  ").wrapped(to: terminal.width, indent: indent), .bold)
        }
        return stacked(on: terminal, indent: indent)
    }

    private func columnWidths() -> [Int] {
        var widths = showsHeader ? headers.map(\.visibleWidth) : headers.map { _ in 0 }
        for row in rows {
            for (index, cell) in row.prefix(headers.count).enumerated() {
                widths[index] = max(widths[index], cell.visibleWidth)
            }
        }
        return widths
    }

    /// Each row's cell in `column` wrapped to `width`, its later lines on rows of their own.
    private func wrapping(column: Int, to width: Int, on terminal: Terminal, indent: String, widths: [Int]) -> String {
        var widths = widths
        widths[column] = width
        var wrappedRows: [[String]] = []
        for row in rows {
            let cell = column < row.count ? row[column] : ""
            let pieces =
                cell.visibleWidth > width
                ? cell.wrapped(to: width, indent: "").split(separator: "\n").map(String.init) : [cell]
            for (number, piece) in pieces.enumerated() {
                var line = number == 0 ? row : Array(repeating: "", count: headers.count)
                while line.count <= column { line.append("") }
                line[column] = piece
                wrappedRows.append(line)
            }
        }
        var copy = self
        copy.rows = wrappedRows
        return copy.renderRows(on: terminal, indent: indent, widths: widths)
    }

    /// The table as several, each the key columns and as many of the next ones as fit in
    /// `width`; nil where one column beside the keys does not fit, or all of them do.
    private func panels(fitting width: Int, widths: [Int]) -> [Table]? {
        // Each panel must tell its rows apart: where the key columns repeat (a step's name in two
        // tasks), the next columns join them until they do.
        var keyCount = self.keyCount
        while keyCount < headers.count - 1 {
            let keyed = rows.map { $0.prefix(keyCount).joined(separator: "\u{1F}") }
            if Set(keyed).count == keyed.count { break }
            keyCount += 1
        }
        let keys = Array(0..<keyCount)
        let keyWidth = keys.map { widths[$0] }.reduce(0, +) + 2 * (keyCount - 1)
        var groups: [[Int]] = []
        var group: [Int] = []
        var used = keyWidth
        for column in keyCount..<headers.count {
            if used + 2 + widths[column] > width, !group.isEmpty {
                groups.append(group)
                group = []
                used = keyWidth
            }
            guard used + 2 + widths[column] <= width else { return nil }
            group.append(column)
            used += 2 + widths[column]
        }
        groups.append(group)
        guard groups.count > 1 else { return nil }
        return groups.map { columns in
            let kept = keys + columns
            func pick(_ cells: [String]) -> [String] { kept.map { $0 < cells.count ? cells[$0] : "" } }
            return Table(
                headers: pick(headers), rows: rows.map(pick),
                rightAligned: Set(kept.indices.filter { rightAligned.contains(kept[$0]) }), showsHeader: showsHeader,
                keyColumns: keyCount)
        }
    }

    /// Each row's key cells on a line, and its other cells under them: with several, each on a
    /// line of its own after its column's header, its value wrapped under itself.
    private func stacked(on terminal: Terminal, indent: String) -> String {
        let named = headers.count - keyCount > 1
        let inner = indent + "    "
        return rows.map { row in
            let cells = (0..<headers.count).map { $0 < row.count ? row[$0] : "" }
            let keys = cells.prefix(keyCount).filter { !$0.isEmpty }.joined(separator: "  ")
            // Wrapped only when too long: wrapping closes up the keys' double spaces.
            let first =
                indent.visibleWidth + keys.visibleWidth > terminal.width
                ? keys.wrapped(to: terminal.width, indent: indent) : indent + keys
            let rest = cells.indices.dropFirst(keyCount).filter { !cells[$0].isEmpty }.map { index in
                guard named, !headers[index].isEmpty else {
                    return cells[index].wrapped(to: terminal.width, indent: inner)
                }
                return cells[index].wrapped(to: terminal.width - inner.visibleWidth, after: headers[index] + ": ")
                    .split(separator: "\n", omittingEmptySubsequences: false).map { inner + $0 }.joined(separator: "\n")
            }
            return ([first] + rest).joined(separator: "\n")
        }.joined(separator: "\n")
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
