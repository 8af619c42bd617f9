// mistake: one rover after the other; throws at the failing one but never starts the rest
// expect: cancelled
import LabScenarios

func fetchAllManifests(of rovers: [Rover], using api: any MarsRoverService) async throws -> [PhotoManifest] {
    var manifests: [PhotoManifest] = []
    for rover in rovers { manifests.append(try await api.photoManifest(rover: rover)) }
    return manifests
}
