// alternative: each binding a Result of a private helper, awaited together, the first rover's error in order thrown
import LabScenarios

// Each binding a Result, so every rover's outcome is in before the first error is thrown.
func latestPhotos(of rovers: [Rover], using api: any MarsRoverService) async throws -> [MarsPhoto] {
    async let first = outcome { try await api.latestPhotos(rover: rovers[0]) }
    async let second = outcome { try await api.latestPhotos(rover: rovers[1]) }
    async let third = outcome { try await api.latestPhotos(rover: rovers[2]) }
    let results = await [first, second, third]
    return try results.compactMap { try $0.get().first }
}

private func outcome<T>(_ body: () async throws -> T) async -> Result<T, any Error> {
    do { return .success(try await body()) } catch { return .failure(error) }
}
