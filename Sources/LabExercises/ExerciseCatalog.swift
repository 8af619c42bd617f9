import Foundation
import Synchronization

/// The exercises, easiest first, read from the lab's `Exercises/` folder: one folder per
/// exercise (`ExerciseFolder`), named `NN-name`, its metadata in `exercise.json`
/// (`ExerciseMetadata`). Read once per lab folder and process.
public struct ExerciseCatalog: Sendable {
    public let all: [Exercise]

    public init(_ exercises: [Exercise]) { all = exercises }

    /// The catalogue of the lab at `root`; a folder whose metadata is missing or wrong is
    /// refused in one line naming its file.
    public static func load(root: URL) throws -> ExerciseCatalog {
        let key = root.standardizedFileURL.path
        if let cached = cache.withLock({ $0[key] }) { return cached }
        let ids = ExerciseFolder.ids(root: root)
        guard !ids.isEmpty else { throw ExerciseError.notInLabFolder(root.path) }
        let exercises = try ids.map { id in
            let file = ExerciseFolder(root: root, id: id).metadata
            let shown = StudentWorkspace.displayPath(file, root: root)
            guard let data = try? Data(contentsOf: file) else {
                throw ExerciseError.badExercise(shown, reason: "it is missing or cannot be read")
            }
            do {
                return try JSONDecoder().decode(ExerciseMetadata.self, from: data).exercise(id: id)
            } catch let error as DecodingError {
                throw ExerciseError.badExercise(shown, reason: Self.words(for: error))
            } catch {
                throw ExerciseError.badExercise(shown, reason: "\(error)")
            }
        }
        let catalog = ExerciseCatalog(exercises)
        cache.withLock { $0[key] = catalog }
        return catalog
    }

    private static let cache = Mutex<[String: ExerciseCatalog]>([:])

    /// An exercise by its id, its number ("03", "3") or the start of its name ("async-let"):
    /// nil when nothing matches, or when the start of a name could be several (`candidates`).
    public func exercise(named name: String) -> Exercise? {
        let found = candidates(named: name)
        return found.count == 1 ? found[0] : nil
    }

    /// Every exercise `name` could mean: none for an empty name, one for an id or a number, and
    /// every exercise whose name starts with it otherwise ("can": 10; "c": 07, 09, 10, 12 and 20),
    /// or, for a word of four letters or more, one of whose words starts with it.
    public func candidates(named name: String) -> [Exercise] {
        guard !name.isEmpty else { return [] }
        if let exact = all.first(where: { $0.id == name }) { return [exact] }
        // A number is digits alone ("+3" is none).
        if name.allSatisfy(\.isASCII) && name.allSatisfy(\.isNumber) {
            let byNumber = all.filter { $0.id.hasPrefix(name + "-") }
            return byNumber.isEmpty ? all.filter { Int($0.id.prefix(2)) == Int(name) } : byNumber
        }
        // A word typed out (four letters or more) may start any word of a name: "cancel" could be
        // 06-first-failure-cancels, 09-cooperative-cancel or 10-cancellation-handler, where it
        // picked 10 alone by the start of its name and spent one of its hints (an audit).
        let words = name.count >= 4
        return all.filter { exercise in
            let title = exercise.id.dropFirst(3)
            if title.hasPrefix(name) { return true }
            guard words else { return false }
            return title.indices.contains { index in
                index > title.startIndex && title[title.index(before: index)] == "-" && title[index...].hasPrefix(name)
            }
        }
    }

    static func words(for error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "" : " at \(keys.joined(separator: "."))"
        }
        switch error {
        case .keyNotFound(let key, let context): return "'\(key.stringValue)' is missing\(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type\(path(context)): \(context.debugDescription)"
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return "\(underlying ?? context.debugDescription)\(path(context))"
        @unknown default: return "\(error)"
        }
    }
}
