// mistake: starts each call with Task.detached and awaits its value: concurrent, but cancelling the caller no longer reaches the calls
// expect: Task.detached
import LabScenarios

func latestPhotos(of rovers: [Rover], using api: any MarsRoverService) async throws -> [MarsPhoto] {
    async let first = Task.detached { try await api.latestPhotos(rover: rovers[0]) }.value
    async let second = Task.detached { try await api.latestPhotos(rover: rovers[1]) }.value
    async let third = Task.detached { try await api.latestPhotos(rover: rovers[2]) }.value
    let (a, b, c) = try await (first, second, third)
    return [a.first, b.first, c.first].compactMap { $0 }
}
