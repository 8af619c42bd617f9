// alternative: children report Results into a stream; the parent throws the first failure it reads, and leaving the group cancels the rest
import LabScenarios

// Children report into a stream of results; the parent throws the first failure it reads,
// and leaving the group cancels the rest.
func fetchAllManifests(of rovers: [Rover], using api: any MarsRoverService) async throws -> [PhotoManifest] {
    // No rover, no result to wait for: the loop below would wait for one forever.
    guard !rovers.isEmpty else { return [] }
    let (results, report) = AsyncStream.makeStream(of: Result<PhotoManifest, any Error>.self)
    return try await withThrowingTaskGroup(of: Void.self) { group in
        for rover in rovers {
            group.addTask {
                do { report.yield(.success(try await api.photoManifest(rover: rover))) } catch { report.yield(.failure(error)) }
            }
        }
        var manifests: [PhotoManifest] = []
        for await result in results {
            manifests.append(try result.get())
            if manifests.count == rovers.count { break }
        }
        return manifests
    }
}
