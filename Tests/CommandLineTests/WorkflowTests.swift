import Foundation
import Testing

/// The GitHub Actions workflow that makes every fork check both platforms. (.ci/run
/// also loads it with a YAML parser where one is installed.)
@Suite("CI workflow")
struct WorkflowTests {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `key: value` pairs by their indented path ("jobs.macos.runs-on"), enough for this file's shape.
    func entries(_ file: String = ".github/workflows/ci.yml") throws -> [(path: String, value: String)] {
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        var stack: [(indent: Int, key: String)] = []
        var entries: [(String, String)] = []
        for raw in text.split(separator: "\n") {
            let line = raw.prefix { $0 != "#" || raw.contains("${{") }
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            expect(!line.contains("\t"), "YAML forbids tabs: \(line)")
            let indent = line.prefix { $0 == " " || $0 == "-" }.count
            let body = line.dropFirst(indent)
            guard let colon = body.firstIndex(of: ":") else { continue }
            let key = String(body[..<colon]).trimmingCharacters(in: .whitespaces)
            let value = String(body[body.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            while let last = stack.last, last.indent >= indent { stack.removeLast() }
            let path = (stack.map(\.key) + [key]).joined(separator: ".")
            entries.append((path, value))
            if value.isEmpty { stack.append((indent, key)) }
        }
        return entries
    }

    @Test func macOSAndLinuxBothRunTheCIScript() throws {
        let entries = try entries()
        func values(_ path: String) -> [String] { entries.filter { $0.path == path }.map(\.value) }
        expectEqual(values("jobs.macos.runs-on"), ["macos-15"])
        expectEqual(values("jobs.linux.strategy.matrix.swift").first?.contains("\"6.2\""), true)
        expectEqual(values("jobs.linux.container"), ["swift:${{ matrix.swift }}"])
        expect(values("jobs.linux.steps.run").contains(".ci/run ${{ matrix.steps }}"))
        expect(values("jobs.macos.steps.run").contains(".ci/run"))
        // Linux's parallel jobs together run every step of .ci/run.
        let linuxSteps = Set(
            (values("jobs.linux.strategy.matrix.steps").first ?? "")
                .split(whereSeparator: { "[]\",".contains($0) }).flatMap { $0.split(separator: " ") }.map(String.init))
        let script = try String(contentsOf: root.appendingPathComponent(".ci/run"), encoding: .utf8)
        let declared = script.split(separator: "\n").first { $0.hasPrefix("    case \"$wanted\" in all|") }
            .map {
                $0.dropFirst("    case \"$wanted\" in all|".count).prefix { $0 != ")" }.split(separator: "|").map(
                    String.init)
            }
        expectEqual(declared.map(Set.init), linuxSteps, "every step of .ci/run runs in one Linux job")
        expect(values("jobs.linux.steps.with.path").contains("|"), "the build folders are cached")
    }

    /// CI's sanitized build leaves out test targets by name (Package.swift reads the variable):
    /// a renamed target would silently be built and run there again, so each name must be one.
    @Test func theTestTargetsTheSanitizedBuildLeavesOutAreTheManifests() throws {
        let variable = "CONCURRENCY_LAB_LEAVE_OUT_TESTS"
        let script = try String(contentsOf: root.appendingPathComponent(".ci/run"), encoding: .utf8)
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        expectContains(manifest, "environment[\"\(variable)\"]", "Package.swift reads \(variable)")
        let line = try unwrap(script.split(separator: "\n").first { $0.contains("export \(variable)=") })
        // The value up to the command's end, unquoted; names are trimmed as Package.swift trims them.
        let value = line.split(separator: "=", maxSplits: 1).last?.prefix { !";}".contains($0) } ?? ""
        let names = value.filter { $0 != "\"" && $0 != "'" }.split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        expect(!names.isEmpty, "\(line)")
        // Spaces and line breaks dropped: `.testTarget(name: "X"` however the manifest wraps it.
        let compact = manifest.filter { !$0.isWhitespace }
        for name in names {
            let declared = compact.contains(".testTarget(name:\"\(name)\"")
            expect(declared, "\(name) is not a test target in Package.swift")
        }
    }

    /// The tests CI's sanitized run leaves out are named in `.ci/run` (`--skip` takes each name as
    /// a pattern): a renamed test would silently run sanitized again, so each must be a test's or a suite's name.
    @Test func theTestsTheSanitizedRunLeavesOutAreTheSuites() throws {
        let script = try String(contentsOf: root.appendingPathComponent(".ci/run"), encoding: .utf8)
        let start = try unwrap(script.range(of: "tsan_left_out=("))
        let end = try unwrap(script[start.upperBound...].firstIndex(of: ")"))
        let names = script[start.upperBound..<end].split(whereSeparator: \.isWhitespace).map(String.init)
        expectAtLeast(names.count, 10, "\(names)")
        let tests = root.appendingPathComponent("Tests")
        let files = try unwrap(FileManager.default.enumerator(atPath: tests.path)).compactMap { $0 as? String }
        let sources = try files.filter { $0.hasSuffix(".swift") }.map {
            try String(contentsOf: tests.appendingPathComponent($0), encoding: .utf8)
        }.joined()
        for name in names {
            let declared = ["func \(name)(", "struct \(name) ", "class \(name) "].contains { sources.contains($0) }
            expect(declared, "\(name) is no test nor suite of Tests/")
        }
    }

    @Test func theClassroomWorkflowGradesWithLabGrade() throws {
        let entries = try entries("docs/classroom-workflow.yml")
        func values(_ path: String) -> [String] { entries.filter { $0.path == path }.map(\.value) }
        expectEqual(values("jobs.grade.runs-on"), ["ubuntu-latest"])
        // Graded by the template's lab, checked out beside the student's code: never by the copy in
        // the student's repository, whose checks the student can rewrite.
        expect(values("jobs.grade.steps.run").contains { $0.hasPrefix("swift run lab grade ../student ") })
        expectEqual(values("jobs.grade.steps.working-directory"), ["lab"])
        expectEqual(values("jobs.grade.steps.with.repository"), ["${{ vars.LAB_TEMPLATE }}"])
        expectEqual(values("jobs.grade.steps.with.path"), ["student", "lab", "class-report/"])
    }
}
