// mistake: keeps try? (the starting code)
// expect: should have thrown
import LabScenarios

func fetchAllManifests(of rovers: [Rover], using api: any MarsRoverService) async throws -> [PhotoManifest] {
    await withTaskGroup(of: PhotoManifest?.self) { group in
        for rover in rovers { group.addTask { try? await api.photoManifest(rover: rover) } }
        var manifests: [PhotoManifest] = []
        for await manifest in group { if let manifest { manifests.append(manifest) } }
        return manifests
    }
}
