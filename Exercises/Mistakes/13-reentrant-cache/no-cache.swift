// mistake: downloads every time
// expect: downloads for
import Foundation
import LabScenarios

actor PhotoCache {
    private let service: any SpacePhotosService
    init(service: any SpacePhotosService) { self.service = service }
    func photo(for day: Date) async throws -> SpacePhoto { try await service.photo(for: day) }
}
