// alternative: cancelled, it returns no photos instead of throwing (the screen that asked is gone); every other error still reaches the caller
import LabScenarios

func latestPhotos(of rovers: [Rover], using api: any MarsRoverService) async throws -> [MarsPhoto] {
    async let first = api.latestPhotos(rover: rovers[0])
    async let second = api.latestPhotos(rover: rovers[1])
    async let third = api.latestPhotos(rover: rovers[2])
    do {
        let (a, b, c) = try await (first, second, third)
        return [a.first, b.first, c.first].compactMap { $0 }
    } catch is CancellationError {
        return []
    }
}
