import Foundation
import Testing

@testable import LabCore
@testable import LabProcesses
@testable import LabTimeline
@testable import LabTrace
@testable import LessonKit
@testable import Lessons

/// The lesson pages loaded in a real browser (headless Chromium): no console error, one lane
/// per task of the run, bars in the trace's order, ⊘ where a task was cancelled, no text over
/// other text. Skipped, with its reason, where no Chromium is installed.
@Suite(
    "Lesson pages in a headless browser", .serialized,
    .enabled(
        if: HeadlessChromium.path != nil,
        "no headless Chromium found (apt-get install chromium): the pages' browser checks are skipped"))
final class BrowserPageTests {
    let folder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-pages-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    // Each test has an instance, and a folder of its own: gone when the test ends.
    deinit { try? FileManager.default.removeItem(at: folder) }

    static func views(_ load: HeadlessChromium.Load, kind: String) -> [[String: Any]] {
        (load.check["views"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == kind }
    }

    /// What every page must show, whatever its run: lanes as declared and top to bottom, bars
    /// in order, every ⊘ after the step it marks, no overlapping text, no console message.
    static func expectSound(_ load: HeadlessChromium.Load, page: String) {
        expect(load.consoleLines.isEmpty, "\(page): \(load.consoleLines)")
        let views = load.check["views"] as? [[String: Any]] ?? []
        expect(!views.isEmpty, "\(page): no timeline drawn")
        for view in views {
            expect(view["lanes"] as? Int == view["declared"] as? Int, "\(page): \(view)")
            expect(view["outOfOrder"] as? Int == 0, "\(page): \(view)")
            expect(view["cancelMisplaced"] as? Int == 0, "\(page): \(view)")
            expectEqual((view["overlaps"] as? [String])?.isEmpty, true, "\(page): \(view["overlaps"] ?? "")")
            let tops = view["laneTops"] as? [Double] ?? []
            expect(zip(tops, tops.dropFirst()).allSatisfy { $0 < $1 }, "\(page): lanes out of order \(tops)")
        }
        expectFits(load, page: page)
    }

    /// What every page must be at any width: no part of it wider than the window outside a
    /// box that scrolls (a drawing, a wide table), so the page itself never scrolls sideways
    /// and nothing is cut off at its right edge; every text readable on its background, and no
    /// drawing's label shrunk under 9 px.
    static func expectFits(_ load: HeadlessChromium.Load, page: String) {
        let viewport = load.check["viewport"] as? Int ?? 0
        expectAbove(viewport, 0, "\(page): no width measured")
        expectAtMost(
            load.check["pageWidth"] as? Int ?? .max, viewport, "\(page) at \(viewport): \(load.check["wide"] ?? "")")
        expectEqual(load.check["wide"] as? [String], [], "\(page) at \(viewport)")
        expectEqual(load.check["lowContrast"] as? [String], [], "\(page) at \(viewport)")
        if let smallest = load.check["smallestDrawnText"] as? Double {
            expectAtLeast(smallest, 9, "\(page) at \(viewport): a drawing's labels shrunk past reading")
        }
    }

    /// The widths a page is read at: a desktop, a projector, a phone.
    static let widths = [1280, 1024, 390]

    /// The issue's acceptance: task-groups' page opens with no console error, with one lane per
    /// task of each variant's run — the count `--tree` prints — and ⊘ for its cancelled children.
    @Test func taskGroupsPageHasOneLanePerTaskOfTheTree() async throws {
        let page = folder.appendingPathComponent("tg.html")
        let run = try await Self.runLesson("task-groups", ["--html", page.path, "--tree", "--no-color"])
        expectEqual(run.status, 0, "\(run.standardError)")
        let loads = try await HeadlessChromium.load(page: page, widths: Self.widths)
        let load = loads[0]
        Self.expectSound(load, page: "task-groups")
        let lanes = Self.views(load, kind: "tasks").compactMap { $0["lanes"] as? Int }
        expect(lanes.count == 5 && lanes.allSatisfy { $0 > 0 })
        expectEqual(lanes, Self.treeSizes(run.standardOutput))
        expect(Self.views(load, kind: "tasks").contains { ($0["cancelled"] as? Int ?? 0) > 0 })
        // On a phone a heading's one long word (MarsData.fetchPhotoManifests():) ran 9 px past it.
        for load in loads.dropFirst() { Self.expectSound(load, page: "task-groups") }
    }

    @Test func cancellationPageIsSound() async throws {
        let page = folder.appendingPathComponent("cancellation.html")
        let run = try await Self.runLesson("cancellation", ["--html", page.path, "--quiet"])
        expectEqual(run.status, 0, "\(run.standardError)")
        // A phone showed the legend's keys cut off at its edge and each step table wider than
        // the page: the page scrolled sideways, the table's last columns out of its card.
        for load in try await HeadlessChromium.load(page: page, widths: Self.widths) {
            Self.expectSound(load, page: "cancellation")
        }
    }

    /// `lab pages`' index: its table of lessons, on a phone, ran past the page's edge.
    @Test @MainActor func theIndexOfPagesFitsEveryWidth() async throws {
        let page = folder.appendingPathComponent("index.html")
        let entries = LessonCatalog.lessons.map {
            LessonIndexPage.Entry(lesson: $0, file: "\($0.name).html", status: 0)
        }
        try Data(LessonIndexPage.render(entries, details: ["a machine"]).utf8).write(to: page)
        for load in try await HeadlessChromium.load(page: page, widths: Self.widths) {
            Self.expectFits(load, page: "index")
        }
    }

    @Test func twentyTasksOneAfterAnotherDrawTwentyLanes() async throws {
        let probe = Probe()
        await Task.detached {
            for index in 0..<20 { await Task { await probe.span("step \(index)") {} }.value }
        }.value
        let page = folder.appendingPathComponent("twenty.html")
        try Data(
            HTMLTimelinePage(title: "twenty", sections: [.init(title: "run", anchor: "run", spans: probe.spans)])
                .render().utf8
        ).write(to: page)
        let load = try await HeadlessChromium.load(page: page)
        Self.expectSound(load, page: "twenty")
        expect(Self.views(load, kind: "tasks").first?["lanes"] as? Int == 20)
    }

    /// The check itself can fail: two labels drawn on top of each other are seen.
    @Test func theOverlapCheckSeesOverlappingText() async throws {
        let page = folder.appendingPathComponent("overlap.html")
        try Data(
            """
            <!DOCTYPE html><html><body><svg class="timeline tasks" data-lanes="1" width="400" height="40">\
            <g class="lane"><text class="lane-title" x="10" y="20">overlapping</text><text x="14" y="20">text</text></g></svg></body></html>
            """.utf8
        ).write(to: page)
        let view = try #require(Self.views(try await HeadlessChromium.load(page: page), kind: "tasks").first)
        expectEqual((view["overlaps"] as? [String])?.isEmpty, false)
    }

    /// The width and contrast checks themselves can fail: a table wider than a phone and pale
    /// grey text (#bbb on white, 1.9:1) are seen; the same table in a box that scrolls is not.
    @Test func theWidthAndContrastChecksSeeAWideTableAndPaleText() async throws {
        let page = folder.appendingPathComponent("wide.html")
        try Data(
            """
            <!DOCTYPE html><html><body><table style="width:900px"><tr><td>wide</td></tr></table>\
            <div style="overflow-x:auto"><table style="width:900px"><tr><td>scrolls</td></tr></table></div>\
            <p style="color:#bbb">pale</p></body></html>
            """.utf8
        ).write(to: page)
        // Both widths in one browser: each frame measures its own, so only the phone's is too wide.
        let loads = try await HeadlessChromium.load(page: page, widths: [390, 1280])
        expectEqual(loads.map { $0.check["viewport"] as? Int }, [390, 1280])
        expectEqual(loads.map { ($0.check["wide"] as? [String])?.count }, [1, 0], "\(loads.map(\.check))")
        expectEqual(loads.map { ($0.check["lowContrast"] as? [String])?.count }, [1, 1], "\(loads.map(\.check))")
    }

    /// The console check itself can fail: a script error on a page is seen.
    @Test func theConsoleCheckSeesAScriptError() async throws {
        let page = folder.appendingPathComponent("error.html")
        try Data("<!DOCTYPE html><html><body><script>undefinedFunction();</script></body></html>".utf8).write(to: page)
        #expect(try await HeadlessChromium.load(page: page).consoleLines.contains { $0.contains("undefinedFunction") })
        // Loaded at two widths at once, each width's copy reports its own error, and only its own.
        let loads = try await HeadlessChromium.load(page: page, widths: [1280, 390])
        for (index, load) in loads.enumerated() {
            expectEqual(load.consoleLines.filter { $0.contains("undefinedFunction") }.count, 1, "\(load.consoleLines)")
            expect(load.consoleLines.allSatisfy { $0.contains("checked-\(index)-") }, "\(load.consoleLines)")
        }
    }

    /// A lesson executable run as a student runs it, awaited (the tests here are async).
    static func runLesson(_ name: String, _ arguments: [String]) async throws -> ProcessCapture {
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        return try await ProcessCapture.run(
            try ProcessRunner.productsDirectory().appendingPathComponent(name), arguments, environment: environment,
            timeout: 300)
    }

    /// The rows of each "Task tree" table the lesson printed with --tree, in order.
    static func treeSizes(_ output: String) -> [Int] {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var sizes: [Int] = []
        for (index, line) in lines.enumerated() where line.trimmingCharacters(in: .whitespaces) == "▸ Task tree" {
            // A header row and a rule, then one row per task up to the next blank line.
            sizes.append(lines[(index + 3)...].prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count)
        }
        return sizes
    }
}
