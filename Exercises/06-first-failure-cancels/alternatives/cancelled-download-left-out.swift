// alternative: a child whose download was cancelled gives nil, and the parent leaves it out: the first real failure is thrown, and a cancelled call returns the manifests it has (partial work, as The Swift Programming Language allows a cancelled task to return)
import LabScenarios

// A cancelled download is no failure of the rover's: its child gives nil. The first other
// failure leaves the group and cancels the rest; a cancelled caller gets what came so far.
func fetchAllManifests(of rovers: [Rover], using api: any MarsRoverService) async throws -> [PhotoManifest] {
    try await withThrowingTaskGroup(of: PhotoManifest?.self) { group in
        for rover in rovers {
            group.addTask {
                do { return try await api.photoManifest(rover: rover) } catch is CancellationError { return nil }
            }
        }
        var manifests: [PhotoManifest] = []
        for try await manifest in group {
            if let manifest { manifests.append(manifest) }
        }
        return manifests
    }
}
