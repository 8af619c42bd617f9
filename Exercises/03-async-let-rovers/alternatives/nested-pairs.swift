// alternative: a generic helper that binds two calls with async let, nested for three rovers
import LabScenarios

// A helper that binds any two calls at once; used twice, nested, for three rovers.
func both<A: Sendable, B: Sendable>(
    _ a: @escaping @Sendable () async throws -> A, _ b: @escaping @Sendable () async throws -> B
) async throws -> (A, B) {
    async let x = a()
    async let y = b()
    return try await (x, y)
}

func latestPhotos(of rovers: [Rover], using api: any MarsRoverService) async throws -> [MarsPhoto] {
    let (a, (b, c)) = try await both(
        { try await api.latestPhotos(rover: rovers[0]) },
        {
            try await both(
                { try await api.latestPhotos(rover: rovers[1]) }, { try await api.latestPhotos(rover: rovers[2]) })
        })
    return [a.first, b.first, c.first].compactMap { $0 }
}
