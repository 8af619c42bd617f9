// alternative: each async let binds a helper that fetches one rover and keeps its first photo; the three optionals awaited at once
import LabScenarios

func latestPhotos(of rovers: [Rover], using api: any MarsRoverService) async throws -> [MarsPhoto] {
    async let first = newestPhoto(of: rovers[0], using: api)
    async let second = newestPhoto(of: rovers[1], using: api)
    async let third = newestPhoto(of: rovers[2], using: api)
    return try await [first, second, third].compactMap { $0 }
}

private func newestPhoto(of rover: Rover, using api: any MarsRoverService) async throws -> MarsPhoto? {
    try await api.latestPhotos(rover: rover).first
}
