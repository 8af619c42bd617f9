import LabScenarios

// Exercise 04 · task-groups · A manifest per rover, however many rovers
//
// The Rovers tab lists every rover the API knows with its photo count. The number of
// rovers is only known at run time, so async let (one binding per call) cannot do it.
//
// TODO: fetch all the manifests at the same time, with a child task per rover.

func fetchPhotoManifests(using api: any MarsRoverService) async throws -> [PhotoManifest] {
    let rovers = try await api.allRovers()
    var manifests: [PhotoManifest] = []
    for rover in rovers {
        manifests.append(try await api.photoManifest(rover: rover))
    }
    return manifests
}
