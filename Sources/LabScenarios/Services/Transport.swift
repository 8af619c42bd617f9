import Foundation
import LabCore
import LabTrace

/// A request to a backend, by operation and parameters: what a URL would carry.
public struct ServiceRequest: Sendable, Hashable, CustomStringConvertible {
    public let operation: String
    public let parameters: [String: String]

    public init(_ operation: String, _ parameters: [String: String] = [:]) {
        self.operation = operation
        self.parameters = parameters
    }

    /// A stable text key: "latestPhotos rover=Curiosity".
    public var key: String {
        ([operation] + parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }).joined(separator: " ")
    }

    public var description: String { key }

    public func parameter(_ name: String) throws -> String {
        guard let value = parameters[name] else { throw ServiceError.badResponse("missing parameter \(name)") }
        return value
    }
}

/// Where the bytes come from. The clients decode whatever a transport returns with
/// the same `Codable` types a real client would use, so a live `URLSession`
/// transport can replace the simulated one without touching a lesson.
public protocol Transport: Sendable {
    func data(for request: ServiceRequest) async throws -> Data
}

/// A backend in the process: latency on the scaled clock, injected failures,
/// a seed, and a meter. The response is JSON from the shipped fixtures.
public struct SimulatedTransport: Transport {
    public let behavior: ServiceBehavior
    public let meter: CallMeter
    /// Where each call waits, counted in flight, before its latency begins: for a test that asserts
    /// how many calls a pattern has in flight at once (see `PeakHold`). Nil: no call waits.
    public let hold: PeakHold?
    /// Builds the response body for a request and its call index (see `plan`).
    private let respond: @Sendable (ServiceRequest, Int) throws -> Data

    public init(
        behavior: ServiceBehavior, meter: CallMeter = CallMeter(), hold: PeakHold? = nil,
        respond: @escaping @Sendable (ServiceRequest, Int) throws -> Data
    ) {
        self.behavior = behavior
        self.meter = meter
        self.hold = hold
        self.respond = respond
    }

    /// The latency and fate of the `index`-th call with this key: a pure function of the seed.
    public func plan(for request: ServiceRequest, callIndex index: Int) -> (latency: Double, fails: Bool) {
        var random = SeededRandom(seed: behavior.seed, event: "\(request.key)#\(index)")
        let sampled = behavior.latency.sample(using: &random)
        let eligible = behavior.failures.onlyMatching.map { request.key.contains($0) } ?? true
        let fails = eligible && random.nextUnit() < behavior.failures.rate
        return (fails ? behavior.failures.failsAfter ?? sampled : sampled, fails)
    }

    public func data(for request: ServiceRequest) async throws -> Data {
        Probe.noteWork()  // the step that awaits this call did its work here, not where it awaited
        let index = meter.begin(key: request.key)
        await hold?.enter()
        let (latency, fails) = plan(for: request, callIndex: index)
        do {
            try await Task.sleep(for: behavior.scale.duration(sourceSeconds: latency))
            if fails { throw behavior.failures.error }
            let data = try respond(request, index)
            meter.end(.completed)
            return data
        } catch is CancellationError {
            meter.end(.cancelled)
            throw CancellationError()
        } catch {
            meter.end(.failed)
            throw error
        }
    }
}

/// Decoding helpers shared by the clients.
enum WireFormat {
    /// "yyyy-MM-dd" in UTC, the date format of APOD and the Mars rover API.
    /// A new formatter per call cost about a millisecond of CPU per rover photo
    /// (measured by lab bench); one shared formatter behind a lock does not.
    static func dayFormatter() -> SharedDayFormatter { SharedDayFormatter.shared }

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = SharedDayFormatter.shared.date(from: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "expected yyyy-MM-dd, got \(text)")
            }
            return date
        }
        return decoder
    }

}

/// One "yyyy-MM-dd" UTC formatter for the whole process, used under a lock
/// (DateFormatter is not safe to share unguarded).
public final class SharedDayFormatter: Sendable {
    public static let shared = SharedDayFormatter()
    private let formatter: Locked<DateFormatter>

    private init() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        self.formatter = Locked(formatter)
    }

    public func string(from date: Date) -> String { formatter.withLock { $0.string(from: date) } }
    public func date(from text: String) -> Date? { formatter.withLock { $0.date(from: text) } }
}
