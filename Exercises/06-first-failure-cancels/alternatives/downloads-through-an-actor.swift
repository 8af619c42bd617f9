// alternative: each download through an actor's method; the actor's awaits let them overlap
import LabScenarios

// The downloads go through an actor (which a real app would give a cache); its awaits let the
// calls overlap, and the group still cancels the rest at the first failure.
actor Downloader {
    let api: any MarsRoverService
    init(api: any MarsRoverService) { self.api = api }
    func manifest(of rover: Rover) async throws -> PhotoManifest { try await api.photoManifest(rover: rover) }
}

func fetchAllManifests(of rovers: [Rover], using api: any MarsRoverService) async throws -> [PhotoManifest] {
    let downloader = Downloader(api: api)
    return try await withThrowingTaskGroup(of: PhotoManifest.self) { group in
        for rover in rovers { group.addTask { try await downloader.manifest(of: rover) } }
        var manifests: [PhotoManifest] = []
        while let manifest = try await group.next() { manifests.append(manifest) }
        return manifests
    }
}
