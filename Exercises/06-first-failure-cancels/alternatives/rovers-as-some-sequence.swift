// alternative: takes the rovers as any sequence of them, not only an array: the check passes its
// arrays, and an empty list, as the exercise declares them
import LabScenarios

func fetchAllManifests(
    of rovers: some Sequence<Rover>, using api: any MarsRoverService
) async throws -> [PhotoManifest] {
    try await withThrowingTaskGroup(of: PhotoManifest.self) { group in
        for rover in rovers {
            group.addTask { try await api.photoManifest(rover: rover) }
        }
        var manifests: [PhotoManifest] = []
        for try await manifest in group { manifests.append(manifest) }
        return manifests
    }
}
