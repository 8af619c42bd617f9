import Foundation
import LabCore
import LabScenarios
import LabTrace

// Small helpers the lessons share.

/// Times an async block on the continuous clock.
enum Stopwatch {
    static func time<T>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> T
    ) async rethrows -> (T, Double) {
        let clock = ContinuousClock()
        let start = clock.now
        let value = try await body()
        return (value, start.duration(to: clock.now).seconds)
    }
}

/// A rover from the fixture by name, or an error the lesson reports.
func requireRover(_ name: String) throws -> Rover {
    guard let rover = try MarsRoverClient.fixtureRovers().first(where: { $0.name == name }) else {
        throw ServiceError.notFound("rover \(name)")
    }
    return rover
}

/// A day from "yyyy-MM-dd", or an error the lesson reports.
func requireDay(_ text: String) throws -> Date {
    guard let date = SharedDayFormatter.shared.date(from: text) else {
        throw ServiceError.badResponse("bad day \(text)")
    }
    return date
}

extension [Span] {
    /// The one span with this name, or an error a lesson can report.
    func single(named name: String) throws -> Span {
        guard let span = first(where: { $0.name == name }) else { throw LessonError.missingStep(name) }
        return span
    }
}

enum LessonError: Error, CustomStringConvertible {
    case missingStep(String)
    var description: String {
        switch self {
        case .missingStep(let name): "the trace has no step named \(name)"
        }
    }
}

extension TaskPriority {
    /// As the sources write it: ".high".
    var sourceName: String {
        switch self {
        case .high: ".high"
        case .medium: ".medium"
        case .low: ".low"
        case .background: ".background"
        default: "raw \(rawValue)"
        }
    }
}
