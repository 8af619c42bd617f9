// alternative: a group collected with reduce(into:)
import LabScenarios

func fetchPhotoManifests(using api: any MarsRoverService) async throws -> [PhotoManifest] {
    let rovers = try await api.allRovers()
    return try await withThrowingTaskGroup(of: PhotoManifest.self, returning: [PhotoManifest].self) { group in
        for rover in rovers { group.addTask { try await api.photoManifest(rover: rover) } }
        return try await group.reduce(into: []) { $0.append($1) }
    }
}
