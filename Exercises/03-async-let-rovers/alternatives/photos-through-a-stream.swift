// alternative: children hand each rover's photo to the caller through a stream, filed by place; the first error finishes the stream and is thrown
import LabScenarios

// Children hand each rover's photo to the caller through a stream; the caller files them by place.
func latestPhotos(of rovers: [Rover], using api: any MarsRoverService) async throws -> [MarsPhoto] {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: (Int, MarsPhoto?).self)
    return try await withThrowingTaskGroup(of: Void.self) { group in
        for (place, rover) in rovers.enumerated() {
            group.addTask {
                do {
                    continuation.yield((place, try await api.latestPhotos(rover: rover).first))
                } catch {
                    continuation.finish(throwing: error)
                }
            }
        }
        var byPlace: [Int: MarsPhoto] = [:]
        var heard = 0
        for try await (place, photo) in stream {
            byPlace[place] = photo
            heard += 1
            if heard == rovers.count { break }
        }
        continuation.finish()
        return (0..<rovers.count).compactMap { byPlace[$0] }
    }
}
