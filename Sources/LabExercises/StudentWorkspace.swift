import Foundation
import LabCore
import LabFiles
import LabSourceScan

/// The student's own copies of the exercises, outside the files git tracks.
///
/// The repository keeps one copy of each exercise (`Exercises/<id>/starter.swift`, the starting
/// file); `lab` copies it into `my-exercises/<id>/<id>.swift` the first time it is
/// needed, so a `git pull` of a newer lab never conflicts with a student's edits.
/// `my-exercises/` is itself a small package that depends on the lab by path, one
/// target per exercise beside its given code, so Xcode or an editor with SourceKit-LSP
/// opens it with completion and live diagnostics, and no set-up.
public struct StudentWorkspace: Sendable {
    public let root: URL
    public let folder: URL

    /// `$CONCURRENCY_LAB_WORK`, or `my-exercises` in the lab folder.
    public init(root: URL, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.root = root
        if let custom = environment["CONCURRENCY_LAB_WORK"], !custom.isEmpty {
            folder = URL(fileURLWithPath: custom, isDirectory: true)
        } else {
            folder = root.appendingPathComponent("my-exercises", isDirectory: true)
        }
    }

    public func file(for exercise: Exercise) -> URL {
        folder.appendingPathComponent(exercise.id).appendingPathComponent(exercise.fileName)
    }

    /// The path a student reads in messages: relative to the lab folder when inside it.
    public func displayPath(for exercise: Exercise) -> String { Self.displayPath(file(for: exercise), root: root) }

    /// `url` relative to the lab folder when it is inside it, else its full path.
    static func displayPath(_ url: URL, root: URL) -> String {
        url.path.hasPrefix(root.path + "/") ? String(url.path.dropFirst(root.path.count + 1)) : url.path
    }

    static func targetName(_ exercise: Exercise) -> String { "Exercise" + exercise.id.prefix(2) }

    /// Creates what is missing: the package, and each exercise's starting file. A
    /// student's file that exists is never touched; the given code (the lab's) is refreshed.
    /// With `only`, just that exercise is refreshed (what `lab check` needs on each run),
    /// unless the workspace is new: then every exercise is made, so editors see them all.
    @discardableResult
    public func prepare(only: Exercise? = nil) throws -> URL {
        let all = try ExerciseCatalog.load(root: root).all
        let exercises = FileManager.default.fileExists(atPath: folder.path) ? only.map { [$0] } ?? all : all
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let targets = all.map { exercise in
            "        .target(name: \"\(Self.targetName(exercise))\", dependencies: lab, path: \"\(exercise.id)\"\(exercise.studentSwiftSettings)),"
        }.joined(separator: "\n")
        let labPath = root.standardizedFileURL.path
        let manifest = """
            // swift-tools-version: 6.2
            // Your exercises, one target each, so your editor can build them. Written by `lab`;
            // it does not change your files. Grade one with `swift run lab check 03` in the lab folder.
            import PackageDescription

            let lab: [Target.Dependency] = \(LabLibraries.dependencies(LabLibraries.names))
            let package = Package(
                name: "MyExercises",
                platforms: [.macOS(.v15)],
                dependencies: [.package(name: "ConcurrencyLab", path: "\(labPath)")],
                targets: [
            \(targets)
                ],
                swiftLanguageModes: [.v6]
            )

            """
        try writeIfChanged(Data(manifest.utf8), to: folder.appendingPathComponent("Package.swift"))
        let readme = """
            # My exercises

            Your working copies of the lab's exercises: edit `NN-name/NN-name.swift`, then run
            `swift run lab check NN` in the lab folder (or `swift run lab watch`). `Given.swift`
            beside each file is code the exercise gives you; `lab` rewrites it, so do not edit it.
            Open this folder in Xcode or VS Code for completion and live errors ("make it
            compile" exercises start with errors on purpose). `swift run lab reset NN` puts a
            file back as it started and keeps your version in the lab folder.

            """
        try writeIfChanged(Data(readme.utf8), to: folder.appendingPathComponent("README.md"))
        for exercise in exercises {
            let target = file(for: exercise)
            if !FileManager.default.fileExists(atPath: target.path) {
                try AtomicFile.write(
                    try Data(contentsOf: Grader(root: root, exercise: exercise).originalFile), to: target)
            }
            let given = AnswerFace.studentGiven((try? Grader(root: root, exercise: exercise).checkParts().given) ?? "")
            let header = "// Given by the exercise, and rewritten by `lab`: do not edit. Your file uses it.\n"
            try writeIfChanged(
                Data((header + given).utf8),
                to: target.deletingLastPathComponent().appendingPathComponent("Given.swift"))
        }
        return folder
    }

    /// The lab's own files in the student's folder, rewritten where they differ, or are not a
    /// file (a FIFO in `Given.swift`'s place hung `lab check` on the read).
    func writeIfChanged(_ data: Data, to url: URL) throws {
        if case .success(let kept) = RegularFile.read(url, atMost: data.count), kept == data { return }
        try AtomicFile.write(data, to: url)
    }
}
