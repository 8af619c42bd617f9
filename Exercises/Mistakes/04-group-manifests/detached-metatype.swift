// mistake: each child awaits a detached task, reached through a metatype kept in a variable
// expect: Task.detached
import LabScenarios

func fetchPhotoManifests(using api: any MarsRoverService) async throws -> [PhotoManifest] {
    let rovers = try await api.allRovers()
    let job = Task<PhotoManifest, any Error>.self
    return try await withThrowingTaskGroup(of: PhotoManifest.self) { group in
        for rover in rovers {
            group.addTask { try await job.detached { try await api.photoManifest(rover: rover) }.value }
        }
        return try await group.reduce(into: []) { $0.append($1) }
    }
}
