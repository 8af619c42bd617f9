import LabScenarios

// Exercise 06 · task-groups · One failure stops the rest
//
// The Rovers tab needs every manifest; if one fails it shows an error. This version
// swallows failures with try? and lets the other downloads run to the end for nothing.
//
// TODO: when a manifest download fails, throw that error and cancel the others.

func fetchAllManifests(of rovers: [Rover], using api: any MarsRoverService) async throws -> [PhotoManifest] {
    await withTaskGroup(of: PhotoManifest?.self) { group in
        for rover in rovers {
            group.addTask { try? await api.photoManifest(rover: rover) }
        }
        var manifests: [PhotoManifest] = []
        for await manifest in group {
            if let manifest { manifests.append(manifest) }
        }
        return manifests
    }
}
