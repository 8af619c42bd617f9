import Foundation
import LabConsole
import LabCore
import LabFiles

/// A class's results, and the same results as a terminal table, CSV, JSON and a
/// self-contained HTML page (schema `concurrency-lab.class-report/1`).
public struct ClassReport: Sendable, Codable, Equatable {
    public struct StudentResult: Sendable, Codable, Equatable {
        public let name: String
        public let folder: String
        public let results: [String: ClassGrading.Result]
        public var solved: Int { results.values.filter { $0.status == .solved }.count }
    }

    public var schema = "concurrency-lab.class-report/1"
    public let generatedAt: Date
    public let exercises: [String]
    public let students: [StudentResult]

    static func mark(_ result: ClassGrading.Result?) -> String {
        switch result?.status {
        case .solved: "✔"
        case .failed: "✘"
        case .notStarted: "·"
        case .missing, nil: "–"
        }
    }

    /// Students × exercises, with the solved count; the legend under it.
    public func table(on terminal: Terminal) -> String {
        var table = Table(
            headers: ["student"] + exercises.map { String($0.prefix(2)) } + ["solved"],
            rightAligned: [exercises.count + 1])
        for student in students {
            table.append(
                [InertText.line(student.name)]
                    + exercises.map {
                        Self.mark(student.results[$0]) + (student.results[$0]?.identicalTo != nil ? "≈" : "")
                    }
                    + ["\(student.solved)/\(exercises.count)"])
        }
        table.append(
            ["solved by"] + exercises.map { id in "\(students.filter { $0.results[id]?.status == .solved }.count)" } + [
                ""
            ])
        var legend = "✔ solved,  ✘ fails its check,  · not started (still the starting file),  – missing"
        let identical = identicalAnswers
        if !identical.isEmpty { legend += ",  ≈ identical to another student's answer or to the reference solution:" }
        var text = table.render(on: terminal) + "\n" + legend.wrapped(to: terminal.width, indent: "  ")
        if !identical.isEmpty {
            text +=
                "\n"
                + identical.map {
                    InertText.line("\($0.student) · \($0.exercise): \($0.what)").wrapped(
                        to: terminal.width, indent: "    ")
                }.joined(separator: "\n")
        }
        return text
    }

    /// Answers identical to the reference solution or to another student's, for the teacher.
    public var identicalAnswers: [(student: String, exercise: String, what: String)] {
        students.flatMap { student in
            exercises.compactMap { id in student.results[id]?.identicalTo.map { (student.name, id, $0) } }
        }
    }

    public func csv() -> String {
        var lines = ["student,exercise,status,stage,message,identical_to"]
        for student in students {
            for id in exercises {
                let result = student.results[id]
                lines.append(
                    [
                        student.name, id, result?.status.rawValue ?? "missing", result?.stage ?? "",
                        result?.message ?? "",
                        result?.identicalTo ?? "",
                    ]
                    .map(Self.csvField).joined(separator: ","))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A cell, quoted where it must be; never a control character, which a teacher's `cat` of the
    /// file would obey (a student's folder name or message is the student's text).
    /// Nor a formula: a cell a spreadsheet would evaluate (`=`, `+`, `-`, `@` first: a student
    /// folder named `=1+2` was an audit's) starts with `'`, which spreadsheets show as text.
    static func csvField(_ text: String) -> String {
        var text = InertText.line(text)
        if let first = text.first, "=+-@".contains(first) { text = "'" + text }
        return text.contains(where: { $0 == "," || $0 == "\"" })
            ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }

    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }

    public func html() -> String {
        let escape = HTMLText.escape
        let header = exercises.map { "<th title=\"\(escape($0))\">\(escape(String($0.prefix(2))))</th>" }.joined()
        let rows = students.map { student -> String in
            let cells = exercises.map { id -> String in
                let result = student.results[id]
                let status = result?.status ?? .missing
                let tip = [id, status.rawValue, result?.stage, result?.message, result?.identicalTo].compactMap { $0 }
                    .joined(separator: " — ")
                let flag = result?.identicalTo != nil ? "≈" : ""
                return
                    "<td class=\"\(status == .notStarted ? "idle" : status.rawValue)\" title=\"\(escape(tip))\">\(Self.mark(result))\(flag)</td>"
            }.joined()
            return
                "<tr><th class=\"name\">\(escape(student.name))</th>\(cells)<td class=\"count\">\(student.solved)/\(exercises.count)</td></tr>"
        }.joined(separator: "\n")
        let totals = exercises.map { id in "<td>\(students.filter { $0.results[id]?.status == .solved }.count)</td>" }
            .joined()
        let failures = students.flatMap { student in
            exercises.compactMap { id -> String? in
                guard let result = student.results[id], result.status == .failed else { return nil }
                return
                    "<li><b>\(escape(student.name))</b> · \(escape(id)) · \(escape(result.stage ?? "")): \(escape(result.message ?? ""))</li>"
            }
        }.joined(separator: "\n")
        let identical = identicalAnswers.map {
            "<li><b>\(escape($0.student))</b> · \(escape($0.exercise)): \(escape($0.what))</li>"
        }.joined(separator: "\n")
        let stamp = ISO8601DateFormatter().string(from: generatedAt)
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Concurrency Lab — class report</title>
            <style>
            body { font: 14px/1.4 -apple-system, system-ui, sans-serif; margin: 2em; color: #222; background: #fff; }
            .scroll { overflow-x: auto; }
            table { border-collapse: collapse; } th, td { padding: 4px 5px; text-align: center; border-bottom: 1px solid #ddd; }
            th.name { text-align: left; white-space: nowrap; position: sticky; left: 0; background: #fff; }
            td { white-space: nowrap; } td.count { font-weight: bold; }
            td.solved { background: #d8f5d8; color: #176117; } td.failed { background: #fbdada; color: #8a1010; }
            td.idle { color: #57606a; } td.missing { color: #656d76; } tfoot td { font-weight: bold; color: #555; }
            ul { font-size: 13px; } .legend { color: #666; }
            @media (max-width: 640px) { body { margin: 10px; } }
            </style></head><body>
            <h1>Class report</h1>
            <p class="legend">\(students.count) student\(students.count == 1 ? "" : "s") · \(exercises.count) exercise\(exercises.count == 1 ? "" : "s") · graded \(escape(stamp)) by <code>lab grade</code>
            from the students' files, never from their progress. ✔ solved, ✘ fails its check, · not started, – missing.
            Hover a cell for the verdict.</p>
            <div class="scroll"><table><thead><tr><th class="name">student</th>\(header)<th>solved</th></tr></thead>
            <tbody>
            \(rows)
            </tbody>
            <tfoot><tr><th class="name">solved by</th>\(totals)<td></td></tr></tfoot></table></div>
            <h2>Identical answers (≈)</h2>
            <p class="legend">The same program as the reference solution or as another student's answer once names and layout
            are set aside. Not failed: for you to look at.</p>
            <ul>
            \(identical.isEmpty ? "<li>No answer is identical to another.</li>" : identical)
            </ul>
            <h2>Why answers failed</h2>
            <ul>
            \(failures.isEmpty ? "<li>No answer failed.</li>" : failures)
            </ul>
            </body></html>
            """
    }

    /// Writes class-report.csv, .json and .html into `folder` as one set: all three are written
    /// before any replaces last run's, so a failure leaves that report whole.
    public func write(to folder: URL) throws -> [URL] {
        let files: [(data: Data, url: URL)] = [
            (Data(csv().utf8), folder.appendingPathComponent("class-report.csv")),
            (try json(), folder.appendingPathComponent("class-report.json")),
            (Data(html().utf8), folder.appendingPathComponent("class-report.html")),
        ]
        try AtomicFile.writeAll(files)
        return files.map(\.url)
    }
}
