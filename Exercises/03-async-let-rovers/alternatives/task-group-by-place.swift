// alternative: a throwing task group, each child tagged with its rover's place, the photos put back in the rovers' order
import LabScenarios

func latestPhotos(of rovers: [Rover], using api: any MarsRoverService) async throws -> [MarsPhoto] {
    try await withThrowingTaskGroup(of: (Int, MarsPhoto?).self) { group in
        for (index, rover) in rovers.prefix(3).enumerated() {
            group.addTask { (index, try await api.latestPhotos(rover: rover).first) }
        }
        var byPlace: [Int: MarsPhoto] = [:]
        for try await (index, photo) in group { byPlace[index] = photo }
        return byPlace.keys.sorted().compactMap { byPlace[$0] }
    }
}
