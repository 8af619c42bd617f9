import Foundation
import LabCore

/// A Mars rover as the Mars Rover Photos API describes it.
public struct Rover: Sendable, Codable, Equatable, Hashable {
    public let id: Int
    public let name: String
    public let status: String
    public let landingDate: String
    public let launchDate: String
    public let maxSol: Int
    public let maxDate: String
    public let totalPhotos: Int
}

public struct RoverCamera: Sendable, Codable, Equatable {
    public let name: String
    public let fullName: String
}

/// One photo taken by a rover.
public struct MarsPhoto: Sendable, Codable, Equatable, Identifiable {
    public struct RoverSummary: Sendable, Codable, Equatable {
        public let id: Int
        public let name: String
        public let status: String
    }
    public let id: Int
    public let sol: Int
    public let camera: RoverCamera
    public let imgSrc: String
    public let earthDate: String
    public let rover: RoverSummary
}

/// How many photos a rover took each day: what the app's Rovers tab lists.
public struct PhotoManifest: Sendable, Codable, Equatable {
    public struct Entry: Sendable, Codable, Equatable {
        public let sol: Int
        public let earthDate: String
        public let totalPhotos: Int
        public let cameras: [String]
    }
    public let name: String
    public let status: String
    public let landingDate: String
    public let launchDate: String
    public let maxSol: Int
    public let maxDate: String
    public let totalPhotos: Int
    public let photos: [Entry]
}

/// The Mars Rover Photos API the Kodeco sample calls (`MarsRoverAPI`).
public protocol MarsRoverService: Sendable {
    func allRovers() async throws -> [Rover]
    func latestPhotos(rover: Rover) async throws -> [MarsPhoto]
    func photoManifest(rover: Rover) async throws -> PhotoManifest
    /// Photos taken on an earth date, 25 per page as the real API pages them; page 1 is first.
    func photos(rover: Rover, earthDate: String, page: Int) async throws -> [MarsPhoto]
}

public struct MarsRoverClient: MarsRoverService {
    public let transport: any Transport

    public init(transport: any Transport) { self.transport = transport }

    /// How many photos a page of `photos(rover:earthDate:page:)` holds at most, as the real API pages them.
    public static let photosPerPage = 25

    /// `hold`: see `SimulatedTransport.hold`.
    public static func simulated(
        _ behavior: ServiceBehavior = ServiceBehavior(), meter: CallMeter = CallMeter(), hold: PeakHold? = nil
    ) -> MarsRoverClient {
        // A response depends only on the request and the seed, so the backend builds
        // each one once; the client still decodes every response it receives.
        let built = Locked<[String: Data]>([:])
        return MarsRoverClient(
            transport: SimulatedTransport(behavior: behavior, meter: meter, hold: hold) { request, _ in
                if let data = built.withLock({ $0[request.key] }) { return data }
                let data = try MarsRoverFixtures.respond(to: request, seed: behavior.seed)
                built.withLock { $0[request.key] = data }
                return data
            })
    }

    /// The rovers the simulated API lists, read without a call (for tests and set-up).
    public static func fixtureRovers() throws -> [Rover] { try MarsRoverFixtures.rovers() }

    private func decode<T: Decodable>(_ type: T.Type, _ request: ServiceRequest) async throws -> T {
        let data = try await transport.data(for: request)
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(type, from: data)
    }

    private struct RoversResponse: Decodable { let rovers: [Rover] }
    private struct LatestResponse: Decodable { let latestPhotos: [MarsPhoto] }
    private struct PhotosResponse: Decodable { let photos: [MarsPhoto] }
    private struct ManifestResponse: Decodable { let photoManifest: PhotoManifest }

    public func allRovers() async throws -> [Rover] {
        try await decode(RoversResponse.self, ServiceRequest("rovers")).rovers
    }

    public func latestPhotos(rover: Rover) async throws -> [MarsPhoto] {
        try await decode(LatestResponse.self, ServiceRequest("latest_photos", ["rover": rover.name])).latestPhotos
    }

    public func photoManifest(rover: Rover) async throws -> PhotoManifest {
        try await decode(ManifestResponse.self, ServiceRequest("manifests", ["rover": rover.name])).photoManifest
    }

    public func photos(rover: Rover, earthDate: String, page: Int) async throws -> [MarsPhoto] {
        let request = ServiceRequest("photos", ["rover": rover.name, "earth_date": earthDate, "page": "\(page)"])
        return try await decode(PhotosResponse.self, request).photos
    }
}
