import Foundation
import LabCommandLine
import Testing

@testable import LessonKit
@testable import Lessons

/// The lesson list exists once (LessonCatalog); the executables Package.swift finds on
/// disk and each lesson's guide must agree with it.
@Suite("One place per lesson")
struct LessonPlacesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Sources/Lessons/<folder>/ for a lesson, found by its Lesson type's file.
    static func folder(of lesson: any Lesson) throws -> URL {
        let lessons = root.appendingPathComponent("Sources/Lessons")
        let typeFile = "\(type(of: lesson)).swift"
        let folder = try FileManager.default.contentsOfDirectory(atPath: lessons.path).first {
            FileManager.default.fileExists(atPath: lessons.appendingPathComponent("\($0)/\(typeFile)").path)
        }
        return lessons.appendingPathComponent(try unwrap(folder, "no folder holds \(typeFile)"))
    }

    @Test func theCatalogAndTheExecutablesOnDiskAgree() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let executables = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter {
            $0 != "lab"
                && FileManager.default.fileExists(atPath: sources.appendingPathComponent("\($0)/main.swift").path)
        }
        expectEqual(Set(executables), Set(LessonCatalog.lessons.map(\.name)))
    }

    /// SwiftPM re-reads the manifest only when its text changes: naming every lesson in it
    /// makes adding a lesson folder change it, so no stale cached manifest hides the lesson.
    @Test func theManifestNamesEveryLessonSoItsCacheCannotHideOne() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let line = try unwrap(manifest.split(separator: "\n").first { $0.hasPrefix("// Lessons: ") })
        let named = line.dropFirst("// Lessons: ".count).split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        expectEqual(named, LessonCatalog.lessons.map(\.name).sorted(), "Package.swift's `// Lessons:` line")
    }

    /// The allocation counter replaces malloc in whatever links it: only the lessons that report
    /// allocations link it, and every lesson that reports them does (or it would print
    /// "unavailable" where the counts exist).
    @Test func exactlyTheLessonsThatCountAllocationsLinkTheCounter() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let line = try unwrap(
            manifest.split(separator: "\n").first { $0.hasPrefix("let lessonsCountingAllocations") })
        let linked = Set(
            line.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) })
        var counting = Set<String>()
        for lesson in LessonCatalog.lessons {
            let folder = try Self.folder(of: lesson)
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasSuffix(".swift")
            }
            let counts = try files.contains { file in
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                return text.contains("AllocationCounter") || text.contains("CountedRun")
            }
            if counts { counting.insert(lesson.name) }
        }
        expect(!counting.isEmpty)
        expectEqual(linked, counting, "Package.swift's lessonsCountingAllocations")
    }

    /// The guide's variant table and its "What to take away" list are the lesson's own variants
    /// (names, titles, extras, in order) and takeaways, word for word: written once in the
    /// lesson's code, and a guide that drifts from them fails here. With LAB_UPDATE_GUIDES=1
    /// the test writes them into the guides instead (each row keeps its code column).
    @Test(arguments: LessonCatalog.lessons.map(\.name))
    func everyGuideShowsTheLessonsOwnVariantsAndTakeaways(name: String) throws {
        let lesson = try unwrap(LessonCatalog.lesson(named: name))
        let file = try Self.folder(of: lesson).appendingPathComponent("README.md")
        var guide = try String(contentsOf: file, encoding: .utf8)
        if ProcessInfo.processInfo.environment["LAB_UPDATE_GUIDES"] == "1" {
            guide = try GuideSections.rewritten(guide, for: lesson)
            try guide.write(to: file, atomically: true, encoding: .utf8)
        }
        let sections = try GuideSections(guide)
        expectEqual(sections.rows, lesson.variants.map(GuideSections.rowPrefix), "\(name)'s guide: the variants table")
        expectEqual(
            sections.takeaways, lesson.takeaways, "\(name)'s guide: 'What to take away' is the lesson's takeaways")
    }

    @Test(arguments: LessonCatalog.lessons.map(\.name))
    func everyLessonOpensWithAGuideThatNamesEveryVariantAndLinksTrue(name: String) throws {
        let lesson = try unwrap(LessonCatalog.lesson(named: name))
        let folder = try Self.folder(of: lesson)
        let guide = try String(contentsOf: folder.appendingPathComponent("README.md"), encoding: .utf8)
        expect(guide.hasPrefix("# \(name)"))
        for variant in lesson.variants {
            expectContains(guide, "| `\(variant.name)`", "the guide lists \(variant.name)")
            if variant.isExtra {
                expectContains(guide, "`\(variant.name)` (extra)", "the guide marks \(variant.name) as an extra")
            }
        }
        // Every relative link points at a file or folder that exists.
        let links = DocumentationTests.relativeLinks(in: guide)
        expect(!links.isEmpty)
        for link in links {
            expect(
                FileManager.default.fileExists(atPath: folder.appendingPathComponent(link).standardized.path),
                "\(name)'s guide links \(link)")
        }
    }
}

/// The README stays short, and no document links to a file that is not there.
@Suite("Documentation stays true to the tree")
struct DocumentationTests {
    static let root = LessonPlacesTests.root

    /// One chain of untyped closures took seconds to type-check; each step is named and typed.
    static func relativeLinks(in text: String) -> [String] {
        // Every piece after a "](" starts with a link's target, which ends at the ")".
        let pieces: ArraySlice<Substring> = text.split(separator: "](").dropFirst()
        let targets: [String] = pieces.compactMap { (piece: Substring) -> String? in
            piece.split(separator: ")").first.map { String($0) }
        }
        let relative: [String] = targets.filter { (target: String) -> Bool in
            !target.hasPrefix("http") && !target.hasPrefix("#")
        }
        return relative.map { (target: String) -> String in
            target.split(separator: "#").first.map { String($0) } ?? target
        }
    }

    @Test func theReadmeIsShortAndItsLinksResolve() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        expectAtMost(readme.split(separator: "\n", omittingEmptySubsequences: false).count, 130)
        for link in Self.relativeLinks(in: readme) {
            expect(
                FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(link).path),
                "README links \(link)")
        }
    }

    /// The README's lesson table lists the catalogue's lessons, in its order, each linking its guide.
    @Test func theReadmesLessonTableIsTheCatalogue() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n").map(String.init)
        let header = try unwrap(lines.firstIndex { $0.hasPrefix("| lesson | ") })
        let rows = lines[(header + 2)...].prefix { $0.hasPrefix("| `") }
        let names = rows.map { $0.split(separator: "`").dropFirst().first.map(String.init) ?? "" }
        expectEqual(names, LessonCatalog.lessons.map(\.name), "README's lesson table")
        for (row, lesson) in zip(rows, LessonCatalog.lessons) {
            let guide = try LessonPlacesTests.folder(of: lesson).path.replacingOccurrences(
                of: Self.root.path + "/", with: "")
            expectContains(row, "](\(guide)/README.md)", "README's row for \(lesson.name) links its guide")
        }
    }

    @Test func theReadmeNamesEveryLessonFlag() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
        for option in LessonOptions.options {
            expectContains(readme, "`--\(option.name)", "the README's flag list names --\(option.name)")
        }
    }

    @Test func everyDocLinkResolves() throws {
        let docs = Self.root.appendingPathComponent("docs")
        for name in try FileManager.default.contentsOfDirectory(atPath: docs.path) where name.hasSuffix(".md") {
            let text = try String(contentsOf: docs.appendingPathComponent(name), encoding: .utf8)
            for link in Self.relativeLinks(in: text) {
                expect(
                    FileManager.default.fileExists(atPath: docs.appendingPathComponent(link).standardized.path),
                    "\(name) links \(link)")
            }
        }
    }

    @Test func theArchitectureNamesEveryTopLevelSourceFolder() throws {
        let architecture = try String(
            contentsOf: Self.root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let sources = Self.root.appendingPathComponent("Sources")
        let lessons = Set(LessonCatalog.lessons.map(\.name))
        for folder in try FileManager.default.contentsOfDirectory(atPath: sources.path) where !lessons.contains(folder)
        {
            expectContains(architecture, "  \(folder)/", "docs/ARCHITECTURE.md describes Sources/\(folder)")
        }
    }
}
