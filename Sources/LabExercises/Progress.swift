import Foundation
import LabCore
import LabFiles

/// What a student has done, saved atomically in the lab folder (progress.json).
public struct Progress: Codable, Sendable, Equatable {
    public struct Entry: Codable, Sendable, Equatable {
        public var attempts = 0
        public var solved = false
        public var firstSolvedAt: String?
        public var hintsShown = 0
    }

    public var version = 1
    public var exercises: [String: Entry] = [:]

    public init() {}

    public subscript(id: String) -> Entry {
        get { exercises[id] ?? Entry() }
        set { exercises[id] = newValue }
    }

    public static func url(environment: [String: String]) -> URL {
        LabFolder.url(environment: environment).appendingPathComponent("progress.json")
    }

    /// A missing file is a fresh start; a damaged one is an error, and is left alone.
    public static func load(environment: [String: String]) throws -> Progress {
        let url = url(environment: environment)
        guard FileManager.default.fileExists(atPath: url.path) else { return Progress() }
        do {
            return try JSONDecoder().decode(Progress.self, from: Data(contentsOf: url))
        } catch {
            throw ExerciseError.damagedProgress(url.path)
        }
    }

    /// Read, change and save under the lab folder's lock, so two commands at once
    /// (`lab watch` and `lab check`, say) never lose each other's update.
    @discardableResult
    public static func update(environment: [String: String], _ change: (inout Progress) throws -> Void) throws
        -> Progress
    {
        let lock = LabFolder.url(environment: environment).appendingPathComponent("progress.lock")
        return try FileLock.withLock(at: lock) {
            var progress = try load(environment: environment)
            try change(&progress)
            try progress.save(environment: environment)
            return progress
        }
    }

    public func save(environment: [String: String]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFile.write(try encoder.encode(self), to: Progress.url(environment: environment))
    }
}

public enum ExerciseError: Error, Equatable, CustomStringConvertible {
    case notInLabFolder(String)
    case unknownExercise(String, suggestion: String?)
    case ambiguousExercise(String, candidates: [String])
    case notSolvedYet(String)
    case damagedProgress(String)
    case toolchain(String)
    case notAStudentFolder(String)
    case studentGivenTwice(String)
    /// Two different folders with the same name: the report names each student by it.
    case studentFoldersNamedAlike(String, folders: [String])
    /// Two folders whose names are the same text in two Unicode spellings (NFC and NFD).
    case studentNamesAlike(String)
    case badExercise(String, reason: String)
    case cannotWrite(String, reason: String)
    /// A file of the user's would be overwritten.
    case wouldReplace(String, reason: String)

    public var description: String {
        switch self {
        case .notInLabFolder(let path): "no Exercises folder in \(path): run lab from the Concurrency Lab folder"
        case .unknownExercise(let name, let suggestion):
            "unknown exercise '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "; see lab exercises")
        case .ambiguousExercise(let name, let candidates):
            "'\(name)' could be \(candidates.dropLast().joined(separator: ", ")) or \(candidates.last ?? ""): "
                + "give more of its name, or its number"
        case .notSolvedYet(let name):
            "solve '\(name)' first (lab check \(name)); its solution opens once your check passes"
        case .damagedProgress(let path): "\(path) is damaged; it was left untouched (move it away to start afresh)"
        case .toolchain(let reason): "cannot build the exercise: \(reason)"
        case .badExercise(let path, let reason): "\(path) is not a valid exercise: \(reason)"
        case .cannotWrite(let path, let reason): "cannot write into \(path): \(reason)"
        case .wouldReplace(let path, let reason): "\(path): \(reason)"
        case .studentFoldersNamedAlike(let name, let folders):
            "\(folders.joined(separator: " and ")) are both named \(name), and the report names each student by their folder's name: rename one (or copy them into one folder under two names)"
        case .studentGivenTwice(let name):
            "\(name) is given twice: each student's folder is graded once, under its own name"
        case .studentNamesAlike(let name):
            "two students' folders are named \(name), in two Unicode spellings of the same letters: rename one, so the report can tell them apart"
        case .notAStudentFolder(let path) where path.isEmpty:
            "an empty name is not a student's folder: name each student's folder (a lab clone or a folder of exercise files)"
        case .notAStudentFolder(let path):
            "\(path) is not a student's folder: expected a lab clone or a folder of exercise files (01-suspend-not-block.swift, …)"
        }
    }
}
