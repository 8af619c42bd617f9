// mistake: collects every result, then throws the first error at the end
// expect: ran to the end for nothing
import LabScenarios

func fetchAllManifests(of rovers: [Rover], using api: any MarsRoverService) async throws -> [PhotoManifest] {
    let results = await withTaskGroup(of: Result<PhotoManifest, any Error>.self) { group in
        for rover in rovers { group.addTask { do { return .success(try await api.photoManifest(rover: rover)) } catch { return .failure(error) } } }
        var results: [Result<PhotoManifest, any Error>] = []
        for await result in group { results.append(result) }
        return results
    }
    return try results.map { try $0.get() }
}
