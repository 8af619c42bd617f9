// mistake: each child awaits a Task {} of its own: the requests are concurrent, but cancelling the caller does not reach them
// expect: does not inherit cancellation
import LabScenarios

func fetchPhotoManifests(using api: any MarsRoverService) async throws -> [PhotoManifest] {
    let rovers = try await api.allRovers()
    return try await withThrowingTaskGroup(of: PhotoManifest.self) { group in
        for rover in rovers {
            group.addTask { try await Task { try await api.photoManifest(rover: rover) }.value }
        }
        return try await group.reduce(into: []) { $0.append($1) }
    }
}
