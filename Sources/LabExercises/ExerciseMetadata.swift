import Foundation
import LabCore
import LabSourceScan

/// An exercise's `exercise.json`: what the student reads (title, summary, hints) and what
/// grading needs (the patterns it refuses, its time limit, the mode it is compiled in), as data.
///
/// ```json
/// {
///   "lesson": "async-let",
///   "title": "Three rovers at once",
///   "summary": "…",
///   "minutes": 8,
///   "hints": ["gentle", "closer", "the answer's shape"],
///   "forbidden": [{ "detached": "why a detached task is the mistake here" }]
/// }
/// ```
/// Optional: `"kind": "make it compile"` (default `"behaviour"`), `"timeLimitSeconds"` (15),
/// `"mode"` (a `CompileMode`, default `"swift-6"`), `"permitting"` (standard patterns this
/// exercise allows, by text), `"why"` (a note for maintainers on settings that differ).
/// A forbidden entry is one of `{ "set": "silencers" | "blocking" | "executors" | "timers" }`, `{ "detached": REASON }`,
/// `{ "unstructured": REASON }` (`Task { }` however spelled), `{ "text": TOKENS, "reason": REASON }`
/// (a name with `*` is one name by glob; with `"unlessLabel": LABEL`, a call that passes that
/// argument is allowed: `Task.sleep(for:clock:)`), `{ "referencesInto": TYPE, "reason": REASON }`
/// (the type may be handed only values: `ReferencesHandedOver`) or `{ "waitsReachedFrom": FUNCTION,
/// "reason": REASON }` (the blocking set, in whatever code the function can run: `ReachedCode`).
struct ExerciseMetadata: Decodable {
    var lesson: String
    var title: String
    var kind: Exercise.Kind?
    var summary: String
    var minutes: Int
    var hints: [String]
    var forbidden: [ForbiddenRule]?
    var permitting: [String]?
    var timeLimitSeconds: Double?
    var mode: CompileMode?
    var why: String?

    enum ForbiddenRule: Decodable {
        case set([ForbiddenPattern])
        case pattern(ForbiddenPattern)

        enum Key: String, CodingKey {
            case set, detached, unstructured, text, unlessLabel, referencesInto, waitsReachedFrom, reason
        }

        static let sets: [String: [ForbiddenPattern]] = [
            "silencers": ForbiddenPattern.silencers, "blocking": ForbiddenPattern.blocking,
            "executors": ForbiddenPattern.ownExecutors, "timers": ForbiddenPattern.timers,
        ]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            if let name = try container.decodeIfPresent(String.self, forKey: .set) {
                guard let patterns = Self.sets[name] else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .set, in: container,
                        debugDescription:
                            "no set of patterns named '\(name)' (sets: \(Self.sets.keys.sorted().joined(separator: ", ")))"
                    )
                }
                self = .set(patterns)
            } else if let reason = try container.decodeIfPresent(String.self, forKey: .detached) {
                self = .set([.detached(reason), .immediateDetached(reason)])
            } else if let reason = try container.decodeIfPresent(String.self, forKey: .unstructured) {
                self = .set(ForbiddenPattern.unstructured(reason))
            } else if let receiver = try container.decodeIfPresent(String.self, forKey: .referencesInto) {
                self = .pattern(.referencesInto(receiver, try container.decode(String.self, forKey: .reason)))
            } else if let entry = try container.decodeIfPresent(String.self, forKey: .waitsReachedFrom) {
                self = .set(
                    ForbiddenPattern.waitsReachedFrom(entry, try container.decode(String.self, forKey: .reason)))
            } else if let text = try container.decodeIfPresent(String.self, forKey: .text) {
                let reason = try container.decode(String.self, forKey: .reason)
                if let label = try container.decodeIfPresent(String.self, forKey: .unlessLabel) {
                    let tokens = SwiftTokenizer.tokens(of: text).map(\.text)
                    self = .pattern(ForbiddenPattern(text, reason, shape: .callWithout(tokens, label: label)))
                } else if text.contains("*"), !text.contains(" ") {
                    // One name by glob (`Dispatch*`: DispatchQueue, DispatchSource…), as the tokenizer
                    // would otherwise read the `*` as a token of its own.
                    self = .pattern(ForbiddenPattern(text, reason, shape: .tokens([text])))
                } else {
                    self = .pattern(ForbiddenPattern(text, reason))
                }
            } else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: decoder.codingPath,
                        debugDescription:
                            "a forbidden entry needs \"set\", \"detached\" or \"text\" (or \"referencesInto\", \"waitsReachedFrom\") with \"reason\""
                    ))
            }
        }

        var patterns: [ForbiddenPattern] {
            switch self {
            case .set(let patterns): patterns
            case .pattern(let pattern): [pattern]
            }
        }
    }

    func exercise(id: String) throws -> Exercise {
        guard !hints.isEmpty else { throw ExerciseMetadataProblem("it has no hints") }
        guard minutes > 0 else { throw ExerciseMetadataProblem("minutes must be more than 0") }
        if let timeLimitSeconds, !(timeLimitSeconds > 0 && timeLimitSeconds <= 600) {
            throw ExerciseMetadataProblem("timeLimitSeconds must be more than 0 and at most 600")
        }
        let standard = Set(ForbiddenPattern.standard.map(\.text))
        for text in permitting ?? [] where !standard.contains(text) {
            throw ExerciseMetadataProblem("it permits '\(text)', which is not a standard forbidden pattern")
        }
        return Exercise(
            id, lesson: lesson, title: title, kind: kind ?? .behaviour, summary: summary, minutes: minutes,
            hints: hints, forbidden: (forbidden ?? []).flatMap(\.patterns), permitting: Set(permitting ?? []),
            timeLimitSeconds: timeLimitSeconds ?? 15, mode: mode ?? .swift6)
    }
}

struct ExerciseMetadataProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
