// alternative: children return their index with the manifest, so the list comes back in the rovers' order
import LabScenarios

func fetchPhotoManifests(using api: any MarsRoverService) async throws -> [PhotoManifest] {
    let rovers = try await api.allRovers()
    return try await withThrowingTaskGroup(of: (Int, PhotoManifest).self) { group in
        for (index, rover) in rovers.enumerated() {
            group.addTask { (index, try await api.photoManifest(rover: rover)) }
        }
        var byIndex = [PhotoManifest?](repeating: nil, count: rovers.count)
        for try await (index, manifest) in group { byIndex[index] = manifest }
        return byIndex.compactMap { $0 }
    }
}
