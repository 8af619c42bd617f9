import Foundation

/// Where one exercise lives in the lab: everything about it in one folder,
/// `Exercises/<id>/`, as rustlings keeps an exercise.
///
/// ```
/// Exercises/03-async-let-rovers/
///   exercise.json      what the student reads and what grading needs (ExerciseMetadata)
///   starter.swift      the file the student starts from (copied into my-exercises/)
///   solution.swift     the reference solution, shown once the check passes
///   check.swift        the check, compiled as its own module against the answer
///   alternatives/      other correct answers, whole files
///   mistakes/          known mistakes, each a small unified diff of solution.swift (KnownMistake)
/// ```
public struct ExerciseFolder: Sendable {
    public let url: URL

    public init(root: URL, id: String) {
        url = Self.exercisesFolder(root: root).appendingPathComponent(id, isDirectory: true)
    }

    public var metadata: URL { url.appendingPathComponent("exercise.json") }
    public var starter: URL { url.appendingPathComponent("starter.swift") }
    public var solution: URL { url.appendingPathComponent("solution.swift") }
    public var check: URL { url.appendingPathComponent("check.swift") }
    public var alternatives: URL { url.appendingPathComponent("alternatives", isDirectory: true) }
    public var mistakes: URL { url.appendingPathComponent("mistakes", isDirectory: true) }

    /// The files in `folder` ending in `suffix`, by name.
    static func files(in folder: URL, endingIn suffix: String) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { folder.appendingPathComponent($0) }
    }

    public static func exercisesFolder(root: URL) -> URL {
        root.appendingPathComponent("Exercises", isDirectory: true)
    }

    /// What every check shares: `CheckSupport/` (the module CheckSupport, built once with the
    /// lab's libraries), `CheckMain.swift` (the entry point, compiled with each check) and
    /// `Channel/` (the C module that carries verdicts on a channel the answer is not given).
    public static func support(root: URL) -> URL {
        exercisesFolder(root: root).appendingPathComponent("Support", isDirectory: true)
    }

    /// The support module's sources: one concept a file.
    public static func supportModule(root: URL) -> URL {
        support(root: root).appendingPathComponent("CheckSupport", isDirectory: true)
    }

    /// Each Swift file of the support module, as a path in its folder (`supportModule`).
    public static func supportFiles(root: URL) throws -> [String] {
        try files(under: supportModule(root: root), endingWith: [".swift"])
    }

    /// The regular files under `folder` (in its subfolders too) whose names end with one of
    /// `suffixes` (any, if nil), as paths relative to it, sorted, hidden ones left out; an error
    /// if the folder cannot be read.
    static func files(under folder: URL, endingWith suffixes: [String]? = nil) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { path in
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder)
            return exists && !isFolder.boolValue && !path.split(separator: "/").contains { $0.hasPrefix(".") }
                && (suffixes.map { $0.contains(where: path.hasSuffix) } ?? true)
        }.sorted()
    }
    public static func checkMainFile(root: URL) -> URL {
        support(root: root).appendingPathComponent("CheckMain.swift")
    }
    public static func channel(root: URL) -> URL { support(root: root).appendingPathComponent("Channel") }

    /// The exercise folders under `Exercises/`: those named `NN-name`, in order.
    static func ids(root: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: exercisesFolder(root: root).path)) ?? []
        return names.filter { name in
            name.count > 3 && name.prefix(2).allSatisfy(\.isNumber) && name.dropFirst(2).first == "-"
        }.sorted()
    }
}
