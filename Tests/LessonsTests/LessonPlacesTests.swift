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
        let links = guide.split(separator: "](").dropFirst().compactMap { $0.split(separator: ")").first.map(String.init) }
        #expect(!links.isEmpty)
        for link in links where !link.hasPrefix("http") {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(link).standardized.path), "\(name)'s guide links \(link)")
        }
    }
}
