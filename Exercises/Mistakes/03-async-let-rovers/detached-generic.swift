// mistake: Task.detached spelled through the generic type, so a scan for the words "Task.detached" misses it
// expect: Task.detached
import LabScenarios

func latestPhotos(of rovers: [Rover], using api: any MarsRoverService) async throws -> [MarsPhoto] {
    async let first = Task<[MarsPhoto], any Error>.detached { try await api.latestPhotos(rover: rovers[0]) }.value
    async let second = (Task<[MarsPhoto], any Error>).self.detached { try await api.latestPhotos(rover: rovers[1]) }.value
    async let third = api.latestPhotos(rover: rovers[2])
    let (a, b, c) = try await (first, second, third)
    return [a.first, b.first, c.first].compactMap { $0 }
}
