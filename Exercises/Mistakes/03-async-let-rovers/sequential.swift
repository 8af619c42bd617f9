// mistake: awaits each call in turn (the starting code, tidied)
// expect: one after the other
import LabScenarios

func latestPhotos(of rovers: [Rover], using api: any MarsRoverService) async throws -> [MarsPhoto] {
    var photos: [MarsPhoto] = []
    for rover in rovers { if let photo = try await api.latestPhotos(rover: rover).first { photos.append(photo) } }
    return photos
}
