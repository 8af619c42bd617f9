import Foundation
import Testing
@testable import LabKit
@testable import Lessons

/// The lesson list exists once (LessonCatalog); the executables Package.swift finds on
/// disk and each lesson's guide must agree with it.
@Suite("One place per lesson")
struct LessonPlacesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Sources/Lessons/<folder>/ for a lesson, found by its Lesson type's file.
    static func folder(of lesson: any Lesson) throws -> URL {
        let lessons = root.appendingPathComponent("Sources/Lessons")
        let typeFile = "\(type(of: lesson)).swift"
        let folder = try FileManager.default.contentsOfDirectory(atPath: lessons.path).first {
            FileManager.default.fileExists(atPath: lessons.appendingPathComponent("\($0)/\(typeFile)").path)
        }
        return lessons.appendingPathComponent(try #require(folder, "no folder holds \(typeFile)"))
    }

    @Test func theCatalogAndTheExecutablesOnDiskAgree() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let executables = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter {
            $0 != "lab" && FileManager.default.fileExists(atPath: sources.appendingPathComponent("\($0)/main.swift").path)
        }
        #expect(Set(executables) == Set(LessonCatalog.lessons.map(\.name)))
    }

    /// SwiftPM re-reads the manifest only when its text changes: naming every lesson in it
    /// makes adding a lesson folder change it, so no stale cached manifest hides the lesson.
    @Test func theManifestNamesEveryLessonSoItsCacheCannotHideOne() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let line = try #require(manifest.split(separator: "\n").first { $0.hasPrefix("// Lessons: ") })
        let named = line.dropFirst("// Lessons: ".count).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(named == LessonCatalog.lessons.map(\.name).sorted(), "Package.swift's `// Lessons:` line")
    }

    @Test(arguments: LessonCatalog.lessons.map(\.name))
    func everyLessonOpensWithAGuideThatNamesEveryVariantAndLinksTrue(name: String) throws {
        let lesson = try #require(LessonCatalog.lesson(named: name))
        let folder = try Self.folder(of: lesson)
        let guide = try String(contentsOf: folder.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(guide.hasPrefix("# \(name)"))
        for variant in lesson.variants {
            #expect(guide.contains("| `\(variant.name)`"), "the guide lists \(variant.name)")
            if variant.isExtra { #expect(guide.contains("`\(variant.name)` (extra)"), "the guide marks \(variant.name) as an extra") }
        }
        // Every relative link points at a file or folder that exists.
        let links = DocumentationTests.relativeLinks(in: guide)
        #expect(!links.isEmpty)
        for link in links {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(link).standardized.path), "\(name)'s guide links \(link)")
        }
    }
}

/// The README stays short, and no document links to a file that is not there.
@Suite("Documentation stays true to the tree")
struct DocumentationTests {
    static let root = LessonPlacesTests.root

    static func relativeLinks(in text: String) -> [String] {
        text.split(separator: "](").dropFirst().compactMap { $0.split(separator: ")").first.map(String.init) }
            .filter { !$0.hasPrefix("http") && !$0.hasPrefix("#") }
            .map { $0.split(separator: "#").first.map(String.init) ?? $0 }
    }

    @Test func theReadmeIsShortAndItsLinksResolve() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.split(separator: "\n", omittingEmptySubsequences: false).count <= 130)
        for link in Self.relativeLinks(in: readme) {
            #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(link).path), "README links \(link)")
        }
    }

    @Test func theReadmeNamesEveryLessonFlag() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
        for option in LessonOptions.options {
            #expect(readme.contains("`--\(option.name)"), "the README's flag list names --\(option.name)")
        }
    }

    @Test func everyDocLinkResolves() throws {
        let docs = Self.root.appendingPathComponent("docs")
        for name in try FileManager.default.contentsOfDirectory(atPath: docs.path) where name.hasSuffix(".md") {
            let text = try String(contentsOf: docs.appendingPathComponent(name), encoding: .utf8)
            for link in Self.relativeLinks(in: text) {
                #expect(FileManager.default.fileExists(atPath: docs.appendingPathComponent(link).standardized.path), "\(name) links \(link)")
            }
        }
    }

    @Test func theArchitectureNamesEveryTopLevelSourceFolder() throws {
        let architecture = try String(contentsOf: Self.root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let sources = Self.root.appendingPathComponent("Sources")
        let lessons = Set(LessonCatalog.lessons.map(\.name))
        for folder in try FileManager.default.contentsOfDirectory(atPath: sources.path) where !lessons.contains(folder) {
            #expect(architecture.contains("  \(folder)/"), "docs/ARCHITECTURE.md describes Sources/\(folder)")
        }
    }
}
