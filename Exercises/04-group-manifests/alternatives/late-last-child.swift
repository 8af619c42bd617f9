// alternative: the last rover's request starts 80 ms after the others, as a busy machine may start it: still all at once
import LabScenarios

func fetchPhotoManifests(using api: any MarsRoverService) async throws -> [PhotoManifest] {
    let rovers = try await api.allRovers()
    return try await withThrowingTaskGroup(of: PhotoManifest.self) { group in
        for (index, rover) in rovers.enumerated() {
            group.addTask {
                if index == rovers.count - 1 { try await Task.sleep(for: .milliseconds(80)) }
                return try await api.photoManifest(rover: rover)
            }
        }
        return try await group.reduce(into: []) { $0.append($1) }
    }
}
