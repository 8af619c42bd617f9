import Foundation
import Testing

@testable import LabCommandLine
@testable import LabCore
@testable import LessonKit
@testable import Lessons
@testable import lab

/// D2: every flag a lesson's prose names (its sources and its README guide) is a real flag of a
/// lab command or a lesson, and a flag written with a value ("--trace-out FILE") takes one.
@Suite("The flags the lessons name are the real ones")
struct LessonProseFlagsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// SwiftPM's own flags, which the guides quote in `swift test …` command lines: not the lab's to declare.
    static let swiftPMFlags: Set<String> = ["filter", "package-path"]

    /// Every option of every command the lab has, by name: whether some declaration of it takes a value.
    static var declared: [String: Bool] {
        let specs =
            LabSubcommand.allCases.map(\.spec) + LessonCatalog.lessons.map { LessonRunner.spec($0) }
            + [InventoryTool.spec]
        var takesValue: [String: Bool] = [:]
        for option in specs.flatMap(\.options) {
            takesValue[option.name] = (takesValue[option.name] ?? false) || option.value.placeholder != nil
        }
        return takesValue
    }

    /// Each "--name" (with the upper-case placeholder after it, if any) in the text.
    static func flags(in text: String) -> [(name: String, placeholder: String?)] {
        // What precedes "--" is matched too (Swift's regexes have no lookbehind): a start, a space,
        // a quote or a bracket, so `a--b` and `---` are not read as flags.
        let pattern = /(?:^|[\s`"'(\[])--([a-z][a-z-]*)(?: ([A-Z][A-Z_]*)\b)?/.anchorsMatchLineEndings()
        return text.matches(of: pattern).map { (String($0.output.1), $0.output.2.map(String.init)) }
    }

    @Test func theCheckCatchesAFlagGivenAValueItDoesNotTake() {
        let found = Self.flags(in: "--trace FILE writes the lanes; --trace-out FILE too; `--variant counters`")
        expectEqual(found.map(\.name), ["trace", "trace-out", "variant"])
        expect(found[0].placeholder == "FILE" && Self.declared["trace"] == false)
        expectEqual(Self.declared["trace-out"], true)
    }

    @Test func everyFlagTheLessonsNameIsReal() throws {
        let folder = Self.root.appendingPathComponent("Sources/Lessons")
        let files = try unwrap(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { ["swift", "md"].contains($0.pathExtension) }
        expectAbove(files.count, 30, "the lessons' sources were found")
        let declared = Self.declared
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for flag in Self.flags(in: text) where !Self.swiftPMFlags.contains(flag.name) {
                let place = "\(file.lastPathComponent): --\(flag.name)"
                guard let takesValue = declared[flag.name] else {
                    Issue.record("\(place) is no flag of any lab command or lesson")
                    continue
                }
                if let placeholder = flag.placeholder {
                    expect(takesValue, "\(place) \(placeholder): the flag takes no value")
                }
            }
        }
    }
}
