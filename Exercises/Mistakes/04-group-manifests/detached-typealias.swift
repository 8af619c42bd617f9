// mistake: each child awaits a detached task, named through a typealias so the words "Task.detached" never appear
// expect: Task.detached
import LabScenarios

typealias ManifestJob = Task<PhotoManifest, any Error>

func fetchPhotoManifests(using api: any MarsRoverService) async throws -> [PhotoManifest] {
    let rovers = try await api.allRovers()
    return try await withThrowingTaskGroup(of: PhotoManifest.self) { group in
        for rover in rovers {
            group.addTask { try await ManifestJob.detached { try await api.photoManifest(rover: rover) }.value }
        }
        return try await group.reduce(into: []) { $0.append($1) }
    }
}
