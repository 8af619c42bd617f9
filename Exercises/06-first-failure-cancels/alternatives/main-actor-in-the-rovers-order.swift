// alternative: a main-actor function that puts the manifests back in the rovers' order
import LabScenarios

// On the main actor, the manifests put back in the rovers' order once all have come.
@MainActor
func fetchAllManifests(of rovers: [Rover], using api: any MarsRoverService) async throws -> [PhotoManifest] {
    var byIndex: [Int: PhotoManifest] = [:]
    try await withThrowingTaskGroup(of: (Int, PhotoManifest).self) { group in
        for (index, rover) in rovers.enumerated() {
            group.addTask { (index, try await api.photoManifest(rover: rover)) }
        }
        while let (index, manifest) = try await group.next() { byIndex[index] = manifest }
    }
    return rovers.indices.compactMap { byIndex[$0] }
}
