// mistake: a group, but awaits group.next() right after each addTask
// expect: in flight at once
import LabScenarios

func fetchPhotoManifests(using api: any MarsRoverService) async throws -> [PhotoManifest] {
    let rovers = try await api.allRovers()
    return try await withThrowingTaskGroup(of: PhotoManifest.self) { group in
        var manifests: [PhotoManifest] = []
        for rover in rovers {
            group.addTask { try await api.photoManifest(rover: rover) }
            if let manifest = try await group.next() { manifests.append(manifest) }
        }
        return manifests
    }
}
