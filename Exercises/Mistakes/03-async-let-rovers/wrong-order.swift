// mistake: runs them concurrently but returns the photos in arrival order
// expect: in that order
import LabScenarios

func latestPhotos(of rovers: [Rover], using api: any MarsRoverService) async throws -> [MarsPhoto] {
    try await withThrowingTaskGroup(of: MarsPhoto?.self) { group in
        for rover in rovers { group.addTask { try await api.latestPhotos(rover: rover).first } }
        var photos: [MarsPhoto] = []
        for try await photo in group { if let photo { photos.append(photo) } }
        return photos.reversed()
    }
}
