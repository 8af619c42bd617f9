// alternative: reduce(into:) over the group, which rethrows the first failure
import LabScenarios

// The group is an AsyncSequence: reduce(into:) gathers the manifests and rethrows the first failure.
func fetchAllManifests(of rovers: [Rover], using api: any MarsRoverService) async throws -> [PhotoManifest] {
    try await withThrowingTaskGroup(of: PhotoManifest.self) { group in
        for rover in rovers { group.addTask { try await api.photoManifest(rover: rover) } }
        return try await group.reduce(into: []) { $0.append($1) }
    }
}
