// alternative: three async lets awaited one by one after all started
import LabScenarios

func latestPhotos(of rovers: [Rover], using api: any MarsRoverService) async throws -> [MarsPhoto] {
    async let a = api.latestPhotos(rover: rovers[0])
    async let b = api.latestPhotos(rover: rovers[1])
    async let c = api.latestPhotos(rover: rovers[2])
    var result: [MarsPhoto] = []
    if let photo = try await a.first { result.append(photo) }
    if let photo = try await b.first { result.append(photo) }
    if let photo = try await c.first { result.append(photo) }
    return result
}
