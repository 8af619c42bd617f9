import Foundation
import LabCommandLine
import LabConsole
import LabCore
import LabFiles
import LessonKit
import Lessons

/// `lab pages [--out DIR] [--replace]`: every lesson run once, each written as its HTML page,
/// and an index.
@MainActor
enum PagesCommand {
    /// Every file the command writes into its folder: a page per lesson and the index.
    static var files: [String] { LessonCatalog.lessons.map { "\($0.name).html" } + ["index.html"] }

    static func run(folder path: String, allVariants: Bool, noColor: Bool, replace: Bool) async throws -> Int32 {
        // Checked before any lesson runs: a file, a missing parent or a folder that cannot be
        // written into is one line now, not fifteen failed pages later.
        // Claimed as `lab grade` and `lab bench --out` claim theirs: a second `lab pages` into the
        // same folder is told at once, not left to rename its pages over this run's one by one.
        let held: OutputFolder.Claim?
        do {
            held = try OutputFolder.claim(path)
        } catch let problem as OutputFolder.Problem {
            throw UsageError.invalidValue(option: "out", value: problem.path, expected: problem.expected)
        }
        guard let claim = held else {
            throw LabSetupError("another lab run is writing into \(path); wait for it to finish, or give another --out")
        }
        defer { claim.release() }
        let folder = claim.folder
        try checkFiles(in: folder, replace: replace)
        let terminal = Terminal.detect(noColorFlag: noColor)
        var entries: [LessonIndexPage.Entry] = []
        var unwritten = 0
        for lesson in LessonCatalog.lessons {
            let file = "\(lesson.name).html"
            let page = folder.appendingPathComponent(file)
            StandardOutput.line(terminal.paint("running \(lesson.name)…", .dim))
            let before = PageFile.identity(page)
            // The story goes to a buffer: the page is what this command makes.
            let console = Console(terminal: .plain(), narrates: true, sink: .buffer)
            let status = await LessonRunner.run(
                lesson, arguments: ["--html", page.path] + (allVariants ? ["--all"] : []), console: console,
                indexPage: "index.html")
            entries.append(LessonIndexPage.Entry(lesson: lesson, file: file, status: status))
            // Said from the file itself: "wrote" only for a page that is now there, new.
            guard PageFile.wasReplaced(page, since: before) else {
                unwritten += 1
                StandardOutput.line("could not write \(page.path) (the error is above)")
                continue
            }
            StandardOutput.line("wrote \(page.path)" + (status == 0 ? "" : " (a variant failed)"))
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
            StandardError.write(
                "lab pages: error: "
                    + (FileErrorWords.sentence(for: error)
                        ?? "cannot write \(indexURL.path): \(error.localizedDescription)"))
            return 1
        }
        StandardOutput.line("wrote \(indexURL.path): open it in a browser")
        return unwritten == 0 && entries.allSatisfy { $0.status == 0 } ? 0 : 1
    }
}

extension PagesCommand {
    /// A page or index already in the folder is a user's file until told otherwise, even one an
    /// earlier `lab pages` wrote (the lab cannot tell those apart from a user's edited copy): it
    /// was once overwritten silently. Refused before any lesson runs, naming the first.
    static func checkFiles(in folder: URL, replace: Bool) throws {
        for name in files {
            let url = folder.appendingPathComponent(name)
            var status = stat()
            guard lstat(url.path, &status) == 0 else { continue }
            if status.st_mode & S_IFMT == S_IFDIR {
                throw LabSetupError("cannot write \(url.path): a folder is there; remove it, or give another --out")
            }
            if !replace {
                throw LabSetupError(
                    "\(url.path) already exists; give another --out, or add --replace to overwrite the pages there")
            }
        }
    }
}

/// Whether a lesson's page was written: a save renames a new file over the old, so the page
/// is new when a file is there whose identity (device, inode) was not there before.
enum PageFile {
    static func identity(_ url: URL) -> [Int]? {
        var status = stat()
        guard stat(url.path, &status) == 0 else { return nil }
        return [Int(status.st_dev), Int(status.st_ino)]
    }

    static func wasReplaced(_ url: URL, since before: [Int]?) -> Bool {
        guard let after = identity(url) else { return false }
        return after != before
    }
}
