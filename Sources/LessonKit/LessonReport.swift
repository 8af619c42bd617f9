import Foundation
import LabCore
import LabTrace

/// The machine-readable result of a lesson run: what `--json` prints.
/// Versioned by `schema`; fields are snake_case.
public struct LessonReport: Sendable, Codable {
    public static let schema = "concurrency-lab.lesson-result/1"

    public struct Step: Sendable, Codable, Equatable {
        public let name: String
        public let task: String
        public let kind: WorkKind
        public let isolation: String
        public let startSeconds: Double
        public let durationSeconds: Double
        public let startThread: UInt64
        public let endThread: UInt64
        public let parent: Int?
        public let id: Int
    }

    public struct VariantResult: Sendable, Codable {
        public let name: String
        public let title: String
        public let succeeded: Bool
        public let error: String?
        public let wallSeconds: Double
        public let figures: [Figure]
        public let steps: [Step]
        /// The paragraphs the variant said, and the durations it stated as settings rather than
        /// measured ("5 s (250 ms at this scale)"): every other time or ratio in its sentences
        /// must be one of its figures as printed. Nil in reports made before they existed.
        public var narration: [String]? = nil
        public var stated: [String]? = nil
    }

    public let schema: String
    public let lesson: String
    public let title: String
    public let scale: Double
    public let seed: UInt64
    public let environment: EnvironmentInfo
    public var variants: [VariantResult]

    public static func steps(from spans: [Span]) -> [Step] {
        spans.map {
            Step(
                name: $0.name, task: $0.lane, kind: $0.kind, isolation: $0.isolation.description,
                startSeconds: $0.start, durationSeconds: $0.duration,
                startThread: $0.startThread, endThread: $0.endThread, parent: $0.parent, id: $0.id)
        }
    }

    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    public static func decode(_ data: Data) throws -> LessonReport {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(LessonReport.self, from: data)
    }
}
