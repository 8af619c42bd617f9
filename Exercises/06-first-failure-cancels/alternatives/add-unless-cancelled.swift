// alternative: addTaskUnlessCancelled, and a cancelled caller told so with checkCancellation()
import LabScenarios

// addTaskUnlessCancelled, and a cancelled caller told so rather than given a short list.
func fetchAllManifests(of rovers: [Rover], using api: any MarsRoverService) async throws -> [PhotoManifest] {
    try await withThrowingTaskGroup(of: PhotoManifest.self) { group in
        for rover in rovers {
            guard group.addTaskUnlessCancelled(operation: { try await api.photoManifest(rover: rover) }) else { break }
        }
        var manifests: [PhotoManifest] = []
        for try await manifest in group { manifests.append(manifest) }
        try Task.checkCancellation()
        return manifests
    }
}
