// alternative: divide and conquer: the first rover's request bound with async let beside the rest's, recursively (a child task per rover, all in flight at once)
import LabScenarios

func fetchPhotoManifests(using api: any MarsRoverService) async throws -> [PhotoManifest] {
    try await fetchAll(of: try await api.allRovers()[...], using: api)
}

func fetchAll(of rovers: ArraySlice<Rover>, using api: any MarsRoverService) async throws -> [PhotoManifest] {
    guard let rover = rovers.first else { return [] }
    async let head = api.photoManifest(rover: rover)
    async let rest = fetchAll(of: rovers.dropFirst(), using: api)
    return try await [head] + rest
}
