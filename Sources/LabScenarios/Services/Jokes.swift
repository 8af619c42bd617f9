import Foundation
import LabCore

/// A joke as the chucknorris.io-style API returns it: the text is in `value`.
public struct Joke: Sendable, Codable, Equatable {
    public let value: String
    public init(value: String) { self.value = value }
}

/// The joke backend of the Kodeco sample.
public protocol JokeService: Sendable {
    func randomJoke() async throws -> Joke
}

public struct JokeClient: JokeService {
    public let transport: any Transport

    public init(transport: any Transport) { self.transport = transport }

    public static func simulated(_ behavior: ServiceBehavior = ServiceBehavior(), meter: CallMeter = CallMeter())
        -> JokeClient
    {
        JokeClient(
            transport: SimulatedTransport(behavior: behavior, meter: meter) { _, callIndex in
                var random = SeededRandom(seed: behavior.seed, event: "joke #\(callIndex)")
                let joke = jokes[Int(random.next() % UInt64(jokes.count))]
                return try JSONSerialization.data(withJSONObject: ["value": joke, "id": "joke-\(callIndex)"])
            })
    }

    public func randomJoke() async throws -> Joke {
        let data = try await transport.data(for: ServiceRequest("jokes/random"))
        return try JSONDecoder().decode(Joke.self, from: data)
    }

    /// The lab's own jokes, about the lab's own subject.
    static let jokes = [
        "Chuck Norris doesn't await. The result awaits him.",
        "Chuck Norris once resumed a continuation twice. The runtime apologised.",
        "Chuck Norris's tasks are never cancelled. They are dismissed.",
        "Data races avoid Chuck Norris's variables out of respect.",
        "Chuck Norris can block the main actor and the frames still render.",
        "Chuck Norris's actors are reentrant only when he allows it.",
        "The cooperative thread pool cooperates with Chuck Norris first.",
        "Chuck Norris's async let bindings finish before they start.",
    ]
}
