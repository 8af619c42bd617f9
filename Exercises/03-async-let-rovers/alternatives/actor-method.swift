// alternative: an actor's method binds the three calls, which run off it
import LabScenarios

// The screen's loader is an actor; its method binds the three calls, which run off it.
actor RoverScreen {
    func load(_ rovers: [Rover], _ api: any MarsRoverService) async throws -> [MarsPhoto] {
        async let first = api.latestPhotos(rover: rovers[0])
        async let second = api.latestPhotos(rover: rovers[1])
        async let third = api.latestPhotos(rover: rovers[2])
        return try await [first, second, third].compactMap(\.first)
    }
}

func latestPhotos(of rovers: [Rover], using api: any MarsRoverService) async throws -> [MarsPhoto] {
    try await RoverScreen().load(rovers, api)
}
