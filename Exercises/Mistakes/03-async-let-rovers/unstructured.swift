// mistake: starts each call in a Task {} of its own and awaits its value: concurrent, but the tasks do not inherit the caller's cancellation
// expect: does not inherit cancellation
import LabScenarios

func latestPhotos(of rovers: [Rover], using api: any MarsRoverService) async throws -> [MarsPhoto] {
    async let first = Task { try await api.latestPhotos(rover: rovers[0]) }.value
    async let second = Task { try await api.latestPhotos(rover: rovers[1]) }.value
    async let third = Task { try await api.latestPhotos(rover: rovers[2]) }.value
    let (a, b, c) = try await (first, second, third)
    return [a.first, b.first, c.first].compactMap { $0 }
}
