// alternative: the load on the main actor, as a view model's; a child per rover, results appended as they come
import LabScenarios

// A view model's load, on the main actor; the requests run in the group's children.
@MainActor
func fetchPhotoManifests(using api: any MarsRoverService) async throws -> [PhotoManifest] {
    let rovers = try await api.allRovers()
    var manifests: [PhotoManifest] = []
    try await withThrowingTaskGroup(of: PhotoManifest.self) { group in
        for rover in rovers { group.addTask { try await api.photoManifest(rover: rover) } }
        for try await manifest in group { manifests.append(manifest) }
    }
    return manifests
}
