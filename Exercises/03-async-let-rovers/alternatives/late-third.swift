// alternative: the third call starts 80 ms after the others, as a busy machine may start it: still three at once
import LabScenarios

func latestPhotos(of rovers: [Rover], using api: any MarsRoverService) async throws -> [MarsPhoto] {
    async let first = api.latestPhotos(rover: rovers[0])
    async let second = api.latestPhotos(rover: rovers[1])
    async let third: [MarsPhoto] = {
        try await Task.sleep(for: .milliseconds(80))
        return try await api.latestPhotos(rover: rovers[2])
    }()
    let (a, b, c) = try await (first, second, third)
    return [a.first, b.first, c.first].compactMap { $0 }
}
