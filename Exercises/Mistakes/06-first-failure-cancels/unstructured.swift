// mistake: starts unstructured tasks and awaits them in turn; the others are never cancelled
// expect: ran to the end for nothing
import LabScenarios

func fetchAllManifests(of rovers: [Rover], using api: any MarsRoverService) async throws -> [PhotoManifest] {
    let tasks = rovers.map { rover in Task { try await api.photoManifest(rover: rover) } }
    var manifests: [PhotoManifest] = []
    for task in tasks { manifests.append(try await task.value) }
    return manifests
}
