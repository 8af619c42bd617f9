// alternative: a group whose children and caller each tell a progress actor of every manifest (a view model's "3 of 7 loaded"): four hops per call once the calls are let go
import LabScenarios

// A correct load that reports progress: each manifest, as it comes, is counted by a progress
// actor (a view model's "3 of 7 loaded"), then kept.
actor LoadProgress {
    private(set) var loaded = 0
    func one() { loaded += 1 }
}

func fetchPhotoManifests(using api: any MarsRoverService) async throws -> [PhotoManifest] {
    let rovers = try await api.allRovers()
    let progress = LoadProgress()
    return try await withThrowingTaskGroup(of: PhotoManifest.self) { group in
        for rover in rovers {
            group.addTask {
                let manifest = try await api.photoManifest(rover: rover)
                await progress.one()
                return manifest
            }
        }
        var manifests: [PhotoManifest] = []
        for try await manifest in group {
            manifests.append(manifest)
            await progress.one()
        }
        return manifests
    }
}
