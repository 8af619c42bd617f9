import Foundation
import Testing

/// The modules' borders, kept: docs/ARCHITECTURE.md's table says which lab modules each
/// module may import, and every Swift file under the module's folder is held to it.
@Suite("Module imports: each module imports only what docs/ARCHITECTURE.md allows")
struct ModuleImportsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// One row of the table: the modules a folder builds, and the lab modules they may import.
    struct Rule {
        let modules: [String]
        let folder: String
        let mayImport: Set<String>
    }

    /// The rows of the table under "## The modules and what each may import".
    static func rules(fromArchitecture text: String) -> [Rule] {
        guard let section = text.range(of: "## The modules and what each may import") else { return [] }
        return text[section.upperBound...].split(separator: "\n").lazy
            .drop { !$0.hasPrefix("| module |") }.dropFirst(2)
            .prefix { $0.hasPrefix("|") }
            .compactMap { line -> Rule? in
                let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                guard cells.count == 3 else { return nil }
                func names(_ cell: String) -> [String] {
                    cell.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                }
                return Rule(modules: names(cells[0]), folder: cells[1], mayImport: Set(names(cells[2])))
            }
    }

    /// Every module an `import` line of `source` names, with its line number: `import X`,
    /// `@testable import X`, `import struct X.Y`, indented under `#if`.
    static func imports(in source: String) -> [(module: String, line: Int)] {
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias", "actor"]
        // Lines inside a multi-line string literal (a generated file's text) are not imports.
        var inString = false
        return source.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap {
            index, line in
            let wasInString = inString
            // Each test first, with `contains`: splitting every line of every file cost the suite's
            // run (`swift test --filter ModuleImportsTests`) 1.7 s of user CPU, against 1.2–1.4 s.
            if line.contains("\"\"\""), line.components(separatedBy: "\"\"\"").count % 2 == 0 { inString.toggle() }
            guard !wasInString, line.contains("import") else { return nil }
            var words = line.split(separator: " ").drop { $0.hasPrefix("@") }
            guard words.first == "import" else { return nil }
            words = words.dropFirst()
            if let kind = words.first, kinds.contains(kind) { words = words.dropFirst() }
            guard let name = words.first?.split(separator: ".").first else { return nil }
            return (String(name), index + 1)
        }
    }

    /// The folders the table's `<lesson>` row stands for: Sources/ folders with a main.swift
    /// that no other row names.
    static func lessonFolders(besides named: Set<String>) -> [String] {
        let sources = root.appendingPathComponent("Sources")
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
        return folders.map { "Sources/\($0)" }.filter { folder in
            !named.contains(folder)
                && FileManager.default.fileExists(atPath: root.appendingPathComponent("\(folder)/main.swift").path)
        }.sorted()
    }

    static func swiftFiles(under folder: String) -> [String] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { "\(folder)/\($0)" }.sorted()
    }

    /// Each import of a lab module that `rules` do not allow, as "file:line: module may not import X".
    static func violations(_ rules: [Rule], read: (String) -> String?) -> [String] {
        let labModules = Set(rules.flatMap(\.modules)).union(rules.flatMap(\.mayImport))
        let named = Set(rules.map(\.folder))
        let expanded = rules.flatMap { rule in
            rule.folder == "Sources/<lesson>"
                ? lessonFolders(besides: named).map { Rule(modules: [$0], folder: $0, mayImport: rule.mayImport) }
                : [rule]
        }
        return expanded.flatMap { rule in
            swiftFiles(under: rule.folder).flatMap { file in
                imports(in: read(file) ?? "").compactMap { module, line in
                    guard labModules.contains(module), !rule.mayImport.contains(module),
                        !rule.modules.contains(module)
                    else { return nil }
                    return "\(file):\(line): \(rule.modules.joined(separator: ", ")) may not import \(module)"
                }
            }
        }
    }

    static func readFile(_ path: String) -> String? {
        try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static let table: [Rule] = {
        rules(fromArchitecture: readFile("docs/ARCHITECTURE.md") ?? "")
    }()

    @Test func everyModuleImportsOnlyWhatTheTableAllows() {
        expectAtLeast(Self.table.count, 10, "docs/ARCHITECTURE.md's module table was not found or lost rows")
        let violations = Self.violations(Self.table, read: Self.readFile)
        expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

    @Test func everyModuleFolderHasARow() {
        let named = Set(Self.table.map(\.folder))
        let sources =
            (try? FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Sources").path))
            ?? []
        let lessons = Set(Self.lessonFolders(besides: named))
        // C modules have no Swift imports to check.
        let unnamed = sources.map { "Sources/\($0)" }.filter { folder in
            !named.contains(folder) && !lessons.contains(folder) && !folder.hasPrefix("Sources/CLab")
        }
        expect(unnamed.isEmpty, "add a row to docs/ARCHITECTURE.md's module table for \(unnamed.sorted())")
    }

    /// The check can fail: a lesson framework file importing the scenarios, or the plumbing
    /// importing the trace, is named with its file, line and module.
    @Test func aForbiddenImportIsNamedWithFileLineAndModule() {
        let planted: [String: String] = [
            "Sources/LessonKit/Lesson.swift": "import Foundation\nimport LabScenarios\n",
            "Sources/LabCore/Clock/TimeScale.swift": "#if os(Linux)\n    @testable import LabTrace\n#endif\n",
        ]
        let violations = Self.violations(Self.table) { planted[$0] ?? Self.readFile($0) }
        expectEqual(
            violations.sorted(),
            [
                "Sources/LabCore/Clock/TimeScale.swift:2: LabCore may not import LabTrace",
                "Sources/LessonKit/Lesson.swift:2: LessonKit may not import LabScenarios",
            ])
    }

    @Test func importLinesAreReadInEveryForm() {
        let found = Self.imports(
            in:
                "import A\n@testable import B\n@preconcurrency import struct C.D\n    import E\n// import F\nlet imports = 1\n"
        )
        expectEqual(found.map(\.module), ["A", "B", "C", "E"])
        expectEqual(found.map(\.line), [1, 2, 3, 4])
    }
}
