import LabScenarios

// Exercise 03 · solution: three bindings start three calls; one await collects them.

func latestPhotos(of rovers: [Rover], using api: any MarsRoverService) async throws -> [MarsPhoto] {
    async let first = api.latestPhotos(rover: rovers[0])
    async let second = api.latestPhotos(rover: rovers[1])
    async let third = api.latestPhotos(rover: rovers[2])
    let (a, b, c) = try await (first, second, third)
    return [a.first, b.first, c.first].compactMap { $0 }
}
