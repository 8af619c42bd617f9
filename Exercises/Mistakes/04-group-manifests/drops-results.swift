// mistake: adds a child per rover but never collects the results
// expect: got manifests of
import LabScenarios

func fetchPhotoManifests(using api: any MarsRoverService) async throws -> [PhotoManifest] {
    let rovers = try await api.allRovers()
    try await withThrowingTaskGroup(of: PhotoManifest.self) { group in
        for rover in rovers { group.addTask { try await api.photoManifest(rover: rover) } }
        try await group.waitForAll()
    }
    return []
}
