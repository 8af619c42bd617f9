// mistake: binds with async let but awaits each one before binding the next
// expect: one after the other
import LabScenarios

func latestPhotos(of rovers: [Rover], using api: any MarsRoverService) async throws -> [MarsPhoto] {
    async let first = api.latestPhotos(rover: rovers[0])
    let a = try await first
    async let second = api.latestPhotos(rover: rovers[1])
    let b = try await second
    async let third = api.latestPhotos(rover: rovers[2])
    let c = try await third
    return [a.first, b.first, c.first].compactMap { $0 }
}
