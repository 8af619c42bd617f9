import LabScenarios

/// Rovers of which one has no latest photos today (an empty list, as the real API answers for a
/// day with none), the rest forwarded to `base`: an answer keeps the others' photos and leaves that
/// rover out. Every draw of the service sent each rover three photos, so an answer that took
/// `photos[0]` of each, which traps on an empty list, passed every run (helper 183's audit, 03).
struct RoverWithoutPhotos: ForwardingRovers {
    let base: any MarsRoverService
    let withoutPhotos: String

    func latestPhotos(rover: Rover) async throws -> [MarsPhoto] {
        let photos = try await base.latestPhotos(rover: rover)
        return rover.name == withoutPhotos ? [] : photos
    }
}
