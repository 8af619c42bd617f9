// alternative: children return a Result; the first failure cancels the rest (cancelAll) and is thrown outside a plain task group
import LabScenarios

// Children hand back a Result; the first failure cancels the rest and is thrown outside the group.
func fetchAllManifests(of rovers: [Rover], using api: any MarsRoverService) async throws -> [PhotoManifest] {
    let outcome = await withTaskGroup(of: Result<PhotoManifest, any Error>.self) { group -> Result<[PhotoManifest], any Error> in
        for rover in rovers {
            group.addTask {
                do { return .success(try await api.photoManifest(rover: rover)) } catch { return .failure(error) }
            }
        }
        var manifests: [PhotoManifest] = []
        for await result in group {
            switch result {
            case .success(let manifest): manifests.append(manifest)
            case .failure(let error):
                group.cancelAll()
                return .failure(error)
            }
        }
        return .success(manifests)
    }
    return try outcome.get()
}
