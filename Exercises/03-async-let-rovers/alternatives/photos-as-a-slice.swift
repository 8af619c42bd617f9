// alternative: the photos returned as a slice: the check reads any sequence of photos
import LabScenarios

func latestPhotos(of rovers: [Rover], using api: any MarsRoverService) async throws -> ArraySlice<MarsPhoto> {
    async let first = api.latestPhotos(rover: rovers[0])
    async let second = api.latestPhotos(rover: rovers[1])
    async let third = api.latestPhotos(rover: rovers[2])
    let (a, b, c) = try await (first, second, third)
    return ArraySlice([a.first, b.first, c.first].compactMap { $0 })
}
