// alternative: children yield their manifests to a stream the caller reads once the discarding group is done
import LabScenarios

// Children send what they fetched down a stream; the parent reads it once the group is done.
func fetchPhotoManifests(using api: any MarsRoverService) async throws -> [PhotoManifest] {
    let rovers = try await api.allRovers()
    let (stream, sink) = AsyncStream.makeStream(of: PhotoManifest.self)
    try await withThrowingDiscardingTaskGroup { group in
        for rover in rovers { group.addTask { sink.yield(try await api.photoManifest(rover: rover)) } }
    }
    sink.finish()
    var manifests: [PhotoManifest] = []
    for await manifest in stream { manifests.append(manifest) }
    return manifests
}
