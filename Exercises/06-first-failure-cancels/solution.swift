import LabScenarios

// Exercise 06 · solution: a throwing group; the error leaves the body and cancels the rest.

func fetchAllManifests(of rovers: [Rover], using api: any MarsRoverService) async throws -> [PhotoManifest] {
    try await withThrowingTaskGroup(of: PhotoManifest.self) { group in
        for rover in rovers {
            group.addTask { try await api.photoManifest(rover: rover) }
        }
        var manifests: [PhotoManifest] = []
        for try await manifest in group { manifests.append(manifest) }
        return manifests
    }
}
