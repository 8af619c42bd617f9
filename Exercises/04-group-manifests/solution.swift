import LabScenarios

// Exercise 04 · solution: a throwing task group, a child per rover, reduce to collect.

func fetchPhotoManifests(using api: any MarsRoverService) async throws -> [PhotoManifest] {
    let rovers = try await api.allRovers()
    return try await withThrowingTaskGroup(of: PhotoManifest.self) { group in
        for rover in rovers {
            group.addTask { try await api.photoManifest(rover: rover) }
        }
        return try await group.reduce(into: []) { $0.append($1) }
    }
}
