import Foundation
import LabCore
import LessonKit
import Lessons

/// `lab pages [--out DIR]`: every lesson run once, each written as its HTML page, and an index.
@MainActor
enum PagesCommand {
    static func run(folder path: String, allVariants: Bool, noColor: Bool) async throws(UsageError) -> Int32 {
        let folder = URL(fileURLWithPath: path, isDirectory: true)
        try prepare(folder, path: path)
        let terminal = Terminal.detect(noColorFlag: noColor)
        var entries: [LessonIndexPage.Entry] = []
        for lesson in LessonCatalog.lessons {
            let file = "\(lesson.name).html"
            StandardOutput.line(terminal.paint("running \(lesson.name)…", .dim))
            // The story goes to a buffer: the page is what this command makes.
            let console = Console(terminal: .plain(), narrates: true, sink: .buffer)
            let status = await LessonRunner.run(
                lesson,
                arguments: ["--html", folder.appendingPathComponent(file).path] + (allVariants ? ["--all"] : []),
                console: console)
            entries.append(LessonIndexPage.Entry(lesson: lesson, file: file, status: status))
            StandardOutput.line(
                "wrote \(folder.appendingPathComponent(file).path)" + (status == 0 ? "" : " (a variant failed)"))
        }
        let machine = EnvironmentInfo.current()
        let index = LessonIndexPage.render(
            entries,
            details: [
                "\(CPUCountWords.machine(model: machine.cpuModel, count: machine.cpuCount)) · \(machine.operatingSystem) · Swift \(machine.swiftVersion) · \(machine.buildConfiguration) build"
            ])
        let indexURL = folder.appendingPathComponent("index.html")
        do {
            try AtomicFile.write(Data(index.utf8), to: indexURL)
        } catch {
            StandardError.write("lab pages: error: cannot write \(indexURL.path): \(error.localizedDescription)")
            return 1
        }
        StandardOutput.line("wrote \(indexURL.path): open it in a browser")
        return entries.allSatisfy { $0.status == 0 } ? 0 : 1
    }

    /// The folder must be one, or be creatable in a folder that exists: a typo'd parent is an
    /// error, not a tree of new folders.
    private static func prepare(_ folder: URL, path: String) throws(UsageError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .invalidValue(option: "out", value: path, expected: "a folder (this is a file)")
            }
            return
        }
        let parent = folder.deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory), isDirectory.boolValue,
            (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)) != nil
        else {
            throw .invalidValue(option: "out", value: path, expected: "a folder in an existing, writable folder")
        }
    }
}
