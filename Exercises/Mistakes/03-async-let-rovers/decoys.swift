// mistake: fires three decoy calls at once, then does the real ones one by one
// expect: one latestPhotos call per rover
import LabScenarios

func latestPhotos(of rovers: [Rover], using api: any MarsRoverService) async throws -> [MarsPhoto] {
    async let x = api.latestPhotos(rover: rovers[0])
    async let y = api.latestPhotos(rover: rovers[0])
    async let z = api.latestPhotos(rover: rovers[0])
    _ = try await (x, y, z)
    var photos: [MarsPhoto] = []
    for rover in rovers { if let photo = try await api.latestPhotos(rover: rover).first { photos.append(photo) } }
    return photos
}
