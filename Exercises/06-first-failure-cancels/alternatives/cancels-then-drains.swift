// alternative: on the first failure, cancelAll(), then drain the group (the others end at once, cancelled) and throw that first error
import LabScenarios

// On the first failure: cancel the others, wait for them to wind down, then throw.
func fetchAllManifests(of rovers: [Rover], using api: any MarsRoverService) async throws -> [PhotoManifest] {
    try await withThrowingTaskGroup(of: PhotoManifest.self) { group in
        for rover in rovers { group.addTask { try await api.photoManifest(rover: rover) } }
        var manifests: [PhotoManifest] = []
        var firstError: (any Error)?
        while !group.isEmpty {
            do {
                if let manifest = try await group.next() { manifests.append(manifest) }
            } catch {
                if firstError == nil { firstError = error; group.cancelAll() }
            }
        }
        if let firstError { throw firstError }
        return manifests
    }
}
