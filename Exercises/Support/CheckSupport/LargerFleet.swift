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
    /// library's types have no public initializer. The encoded value's one `"name"` (and `"id"`)
    /// member is swapped in its bytes, then decoded: through `JSONSerialization` and a dictionary,
    /// renaming 65–80 manifests was about a third of 04's check CPU (perf, session 64).
    private static func renamed<T: Codable & StandsIn>(_ value: T, to name: String, id: Int? = nil) throws -> T {
        let encoder = JSONEncoder()
        var json = try encoder.encode(value)
        json = try swapping("name", try encoder.encode(value.name), for: try encoder.encode(name), in: json)
        if let id, let old = value.number { json = try swapping("id", Data(String(old).utf8), for: Data(String(id).utf8), in: json) }
        return try JSONDecoder().decode(T.self, from: json)
    }

    /// `json` with its member `"key":old` written `"key":new`; an error unless there is exactly one.
    private static func swapping(_ key: String, _ old: Data, for new: Data, in json: Data) throws -> Data {
        let member = Data("\"\(key)\":".utf8) + old
        let found = json.ranges(of: member).filter { range in
            // Whole: `"id":10` is not `"id":100`.
            range.upperBound == json.endIndex || [UInt8(ascii: ","), UInt8(ascii: "}")].contains(json[range.upperBound])
        }
        guard found.count == 1, let range = found.first else { throw CocoaError(.coderInvalidValue) }
        var swapped = json
        swapped.replaceSubrange(range, with: Data("\"\(key)\":".utf8) + new)
        return swapped
    }
}

/// What a stand-in copies and renames: a rover (its id too) or its manifest.
protocol StandsIn {
    var name: String { get }
    /// Its id, where it has one.
    var number: Int? { get }
}

extension Rover: StandsIn {
    var number: Int? { id }
}

extension PhotoManifest: StandsIn {
    var number: Int? { nil }
}
