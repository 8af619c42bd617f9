// mistake: declares its own LoggedRovers to fake the check’s log
// expect: replace it for the check
import LabScenarios

struct LoggedRovers {}

func latestPhotos(of rovers: [Rover], using api: any MarsRoverService) async throws -> [MarsPhoto] {
    []
}
