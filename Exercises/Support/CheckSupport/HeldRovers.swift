import Foundation
import LabCore
import LabScenarios

/// Rovers whose latest-photos and manifest calls all wait at `gate` until the check opens it, with
/// answers the check fetched before (`prepared`), so that once let go a call returns without a
/// timer of its own: what wakes the caller then is the calls' ends, or a look of its own (03, 04:
/// children that stored their results for a parent that slept and looked, or spun, passed every
/// other section). `reached` opens once `expected` calls wait at the gate, or after a second (an
/// answer that has fewer in flight, refused elsewhere, is watched from then on).
final class HeldRovers: MarsRoverService, Sendable {
    let listed: [Rover]
    let gate = Gate()
    let reached = Gate()
    private let expected: Int
    private let waiting = Locked(0)
    private let photos: [String: [MarsPhoto]]
    private let manifests: [String: PhotoManifest]

    private init(listed: [Rover], expected: Int, photos: [String: [MarsPhoto]], manifests: [String: PhotoManifest]) {
        self.listed = listed
        self.expected = expected
        self.photos = photos
        self.manifests = manifests
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) { [reached] in reached.open() }
    }

    /// Each of `rovers`' latest photos and manifest, asked of `reference` now.
    static func prepared(_ rovers: [Rover], expected: Int, from reference: any MarsRoverService) async throws -> HeldRovers {
        var photos: [String: [MarsPhoto]] = [:]
        var manifests: [String: PhotoManifest] = [:]
        for rover in rovers {
            photos[rover.name] = try await reference.latestPhotos(rover: rover)
            manifests[rover.name] = try await reference.photoManifest(rover: rover)
        }
        return HeldRovers(listed: rovers, expected: expected, photos: photos, manifests: manifests)
    }

    private func held<T>(_ answer: T?, for rover: Rover) async throws -> T {
        if waiting.withLock({ waiting in
            waiting += 1
            return waiting >= expected
        }) {
            reached.open()
        }
        await gate.wait()
        guard let answer else { throw ServiceError.notFound("rover \(rover.name)") }
        return answer
    }

    func allRovers() async throws -> [Rover] { listed }
    func latestPhotos(rover: Rover) async throws -> [MarsPhoto] { try await held(photos[rover.name], for: rover) }
    func photoManifest(rover: Rover) async throws -> PhotoManifest { try await held(manifests[rover.name], for: rover) }
    func photos(rover: Rover, earthDate: String, page: Int) async throws -> [MarsPhoto] {
        throw ServiceError.notFound("photos")
    }
}
