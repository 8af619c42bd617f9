// alternative: halves fetched with async let, recursively (a binary tree of child tasks)
import LabScenarios

// Halves: each half fetched with async let, recursively.
func fetchPhotoManifests(using api: any MarsRoverService) async throws -> [PhotoManifest] {
    try await manifestsOf(try await api.allRovers()[...], using: api)
}

private func manifestsOf(_ rovers: ArraySlice<Rover>, using api: any MarsRoverService) async throws -> [PhotoManifest] {
    if rovers.count == 0 { return [] }
    if rovers.count == 1, let only = rovers.first { return [try await api.photoManifest(rover: only)] }
    let middle = rovers.startIndex + rovers.count / 2
    async let left = manifestsOf(rovers[..<middle], using: api)
    async let right = manifestsOf(rovers[middle...], using: api)
    return try await left + right
}
