// alternative: recursion, one async let for this rover and one for the rest
import LabScenarios

// Recursion: each level binds one call with async let and leaves the rest to the next.
func latestPhotos(of rovers: [Rover], using api: any MarsRoverService) async throws -> [MarsPhoto] {
    guard let rover = rovers.first else { return [] }
    async let here = api.latestPhotos(rover: rover)
    async let rest = latestPhotos(of: Array(rovers.dropFirst()), using: api)
    let photos = try await here
    return try await [photos.first].compactMap { $0 } + rest
}
