import LabCore
import LabScenarios

/// A check's service's requests, counted by what each asks for (a rover's photos, a page): an
/// answer asks for each once, and a failure reaches its caller. The service answers a request for
/// the same thing a second time (an answer that tried again after a failure) as a service that does
/// not fail would, so that an answer that tries until it works ends at its second try, leaving
/// nothing running into the check's later parts, and the check refuses it by `askedAgain`.
final class AskedOnce: Sendable {
    private let state = Locked((asked: Set<String>(), again: String?.none))

    /// What was asked for a second time first, if anything was.
    var askedAgain: String? { state.withLock { $0.again } }

    /// Counts a request for `what`: whether it is the first for it.
    func ask(_ what: String) -> Bool {
        state.withLock { state in
            if state.asked.insert(what).inserted { return true }
            if state.again == nil { state.again = what }
            return false
        }
    }
}

/// Forwards to `base` each rover's first request for its latest photos or its manifest, and a
/// second one to `again`, a service that does not fail (03, 04).
struct RoversAskedOnce: ForwardingRovers {
    let base: any MarsRoverService
    let again: any MarsRoverService
    let requests: AskedOnce

    func latestPhotos(rover: Rover) async throws -> [MarsPhoto] {
        try await (requests.ask("\(rover.name)'s photos") ? base : again).latestPhotos(rover: rover)
    }
    func photoManifest(rover: Rover) async throws -> PhotoManifest {
        try await (requests.ask("\(rover.name)'s manifest") ? base : again).photoManifest(rover: rover)
    }
}
