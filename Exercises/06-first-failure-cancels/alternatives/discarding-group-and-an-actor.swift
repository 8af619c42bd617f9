// alternative: a throwing discarding task group whose children file each manifest in an actor
import LabScenarios

// A discarding group: a child that throws cancels the others; results are filed in an actor.
actor ManifestShelf {
    private(set) var manifests: [PhotoManifest] = []
    func put(_ manifest: PhotoManifest) { manifests.append(manifest) }
}

func fetchAllManifests(of rovers: [Rover], using api: any MarsRoverService) async throws -> [PhotoManifest] {
    let shelf = ManifestShelf()
    try await withThrowingDiscardingTaskGroup { group in
        for rover in rovers {
            group.addTask { await shelf.put(try await api.photoManifest(rover: rover)) }
        }
    }
    return await shelf.manifests
}
