// alternative: addTaskUnlessCancelled, then a while-let loop over group.next()
import LabScenarios

func fetchPhotoManifests(using api: any MarsRoverService) async throws -> [PhotoManifest] {
    let rovers = try await api.allRovers()
    return try await withThrowingTaskGroup(of: PhotoManifest.self, returning: [PhotoManifest].self) { group in
        for rover in rovers {
            _ = group.addTaskUnlessCancelled { try await api.photoManifest(rover: rover) }
        }
        var manifests: [PhotoManifest] = []
        manifests.reserveCapacity(rovers.count)
        while let manifest = try await group.next() { manifests.append(manifest) }
        return manifests
    }
}
