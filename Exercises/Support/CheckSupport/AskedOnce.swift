import LabCore
import LabScenarios

/// A check's service's requests, counted by what each asks for (a rover's photos, a page): an
/// answer asks for each once, and a failure reaches its caller. The service answers a request for
/// the same thing a second time (an answer that tried again after a failure) as a service that does
/// not fail would, so that an answer that tries until it works ends at its second try, leaving
/// nothing running into the check's later parts, and the check refuses it by `askedAgain`.
final class AskedOnce: Sendable {
    private let state = Locked((asked: Set<String>(), askedTwice: String?.none))

    /// What was asked for a second time first, if anything was.
    var askedAgain: String? { state.withLock { $0.askedTwice } }

    /// Counts a request for `what`: whether it is the first for it.
    func isFirstAsking(_ what: String) -> Bool {
        state.withLock { state in
            if state.asked.insert(what).inserted { return true }
            if state.askedTwice == nil { state.askedTwice = what }
            return false
        }
    }
}

/// Forwards to `base` each rover's first request for its latest photos or its manifest, and a
/// second one to `again`, a service that does not fail (03, 04).
struct RoversAskedOnce: ForwardingRovers {
    let base: any MarsRoverService
    let serviceAskedAgain: any MarsRoverService
    let requestsAsked: AskedOnce

    func latestPhotos(rover: Rover) async throws -> [MarsPhoto] {
        try await (requestsAsked.isFirstAsking("\(rover.name)'s photos") ? base : serviceAskedAgain).latestPhotos(rover: rover)
    }
    func photoManifest(rover: Rover) async throws -> PhotoManifest {
        try await (requestsAsked.isFirstAsking("\(rover.name)'s manifest") ? base : serviceAskedAgain).photoManifest(rover: rover)
    }
}
