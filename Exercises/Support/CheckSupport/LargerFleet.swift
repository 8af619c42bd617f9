import Foundation
import LabScenarios

/// More rovers than the API's four: code written for a fixed number of rovers (four optional
/// `async let`s, an audit's, passed while no call listed more than four) misses the rest. Each
/// rover past the four stands in for one of them, under a name of its own ("Rover 5", …), and
/// the service answers its manifest as that one's, renamed, so every check on the calls still
/// holds (the log, the hold, the names the answer returns).
struct LargerFleet: ForwardingRovers {
    let base: any MarsRoverService
    /// Each added rover's name, and the real rover it stands in for.
    private let standIns: [String: Rover]
    /// The real rovers, then the added ones: `count` in all.
    let rovers: [Rover]

    init(base: any MarsRoverService, real: [Rover], count: Int) throws {
        let added = try (real.count..<count).map { index in
            let template = real[index % real.count]
            return (try Self.renamed(template, to: "Rover \(index + 1)", id: 100 + index), template)
        }
        self.base = base
        standIns = Dictionary(uniqueKeysWithValues: added.map { ($0.0.name, $0.1) })
        rovers = real + added.map(\.0)
    }

    func photoManifest(rover: Rover) async throws -> PhotoManifest {
        guard let template = standIns[rover.name] else { return try await base.photoManifest(rover: rover) }
        return try Self.renamed(try await base.photoManifest(rover: template), to: rover.name)
    }

    /// A copy of a decoded value with another name (and id), through its own coding: the
    /// library's types have no public initializer.
    private static func renamed<T: Codable>(_ value: T, to name: String, id: Int? = nil) throws -> T {
        guard var fields = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? [String: Any] else {
            throw CocoaError(.coderInvalidValue)
        }
        fields["name"] = name
        if let id { fields["id"] = id }
        return try JSONDecoder().decode(T.self, from: JSONSerialization.data(withJSONObject: fields))
    }
}
