// alternative: addTaskUnlessCancelled, a while-let over group.next(), and cancelAll() before rethrowing, with log lines
import LabScenarios

func fetchAllManifests(of rovers: [Rover], using api: any MarsRoverService) async throws -> [PhotoManifest] {
    try await withThrowingTaskGroup(of: PhotoManifest.self, returning: [PhotoManifest].self) { group in
        for rover in rovers {
            let added = group.addTaskUnlessCancelled { try await api.photoManifest(rover: rover) }
            guard added else { throw CancellationError() }
        }
        var manifests: [PhotoManifest] = []
        manifests.reserveCapacity(rovers.count)
        do {
            while let manifest = try await group.next() {
                print("got \(manifest.name)")
                manifests.append(manifest)
            }
        } catch {
            print("a download failed: \(error); cancelling the rest")
            group.cancelAll()
            throw error
        }
        return manifests
    }
}
