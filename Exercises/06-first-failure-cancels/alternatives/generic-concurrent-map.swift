// alternative: a generic concurrentMap helper over a throwing group, collected with reduce
import LabScenarios

/// Maps every element at once; the first error thrown cancels the rest.
func concurrentMap<Element: Sendable, T: Sendable>(
    _ elements: [Element], _ transform: @escaping @Sendable (Element) async throws -> T
) async throws -> [T] {
    try await withThrowingTaskGroup(of: T.self) { group in
        for element in elements { group.addTask { try await transform(element) } }
        return try await group.reduce(into: []) { $0.append($1) }
    }
}

func fetchAllManifests(of rovers: [Rover], using api: any MarsRoverService) async throws -> [PhotoManifest] {
    guard !rovers.isEmpty else { return [] }
    return try await concurrentMap(rovers) { try await api.photoManifest(rover: $0) }
}
