// mistake: four fixed async lets, as if there were always 4 rovers
// expect: the API listed
import LabScenarios

func fetchPhotoManifests(using api: any MarsRoverService) async throws -> [PhotoManifest] {
    let rovers = try await api.allRovers()
    guard rovers.count >= 4 else { return [] }
    async let a = api.photoManifest(rover: rovers[0])
    async let b = api.photoManifest(rover: rovers[1])
    async let c = api.photoManifest(rover: rovers[2])
    async let d = api.photoManifest(rover: rovers[3])
    return try await [a, b, c, d]
}
