// alternative: the function on the main actor, as a view model's would be; the calls still run at once, off it
import LabScenarios

// The screen's code, on the main actor: the three calls still run at once, off it.
@MainActor
func latestPhotos(of rovers: [Rover], using api: any MarsRoverService) async throws -> [MarsPhoto] {
    async let first = api.latestPhotos(rover: rovers[0])
    async let second = api.latestPhotos(rover: rovers[1])
    async let third = api.latestPhotos(rover: rovers[2])
    var photos: [MarsPhoto] = []
    for batch in try await [first, second, third] {
        if let photo = batch.first { photos.append(photo) }
    }
    return photos
}
