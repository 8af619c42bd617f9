// alternative: a discarding group whose children file each photo with an actor, by place; hops there and back once the calls end
import LabScenarios

actor Album {
    private var byPlace: [Int: MarsPhoto] = [:]
    func put(_ photo: MarsPhoto?, at place: Int) { byPlace[place] = photo }
    func inOrder(_ count: Int) -> [MarsPhoto] { (0..<count).compactMap { byPlace[$0] } }
}

func latestPhotos(of rovers: [Rover], using api: any MarsRoverService) async throws -> [MarsPhoto] {
    let album = Album()
    try await withThrowingDiscardingTaskGroup { group in
        for (place, rover) in rovers.enumerated() {
            group.addTask { await album.put(try await api.latestPhotos(rover: rover).first, at: place) }
        }
    }
    return await album.inOrder(rovers.count)
}
