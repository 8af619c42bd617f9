// mistake: the starting loop
// expect: in flight at once
import LabScenarios

func fetchPhotoManifests(using api: any MarsRoverService) async throws -> [PhotoManifest] {
    var manifests: [PhotoManifest] = []
    for rover in try await api.allRovers() { manifests.append(try await api.photoManifest(rover: rover)) }
    return manifests
}
