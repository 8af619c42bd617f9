// mistake: a class marked @unchecked with a comment and newline inside the attribute
// expect: @unchecked
import LabScenarios

final class Box: @unchecked /* trust me */
    Sendable { var items: [PhotoManifest] = [] }

func fetchPhotoManifests(using api: any MarsRoverService) async throws -> [PhotoManifest] {
    []
}
