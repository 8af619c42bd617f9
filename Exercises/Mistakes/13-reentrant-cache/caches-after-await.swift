// mistake: stores the photo only after the download returns (the starting code)
// expect: downloads for
import Foundation
import LabScenarios

actor PhotoCache {
    private let service: any SpacePhotosService
    private var photos: [Date: SpacePhoto] = [:]
    init(service: any SpacePhotosService) { self.service = service }
    func photo(for day: Date) async throws -> SpacePhoto {
        if let photo = photos[day] { return photo }
        let photo = try await service.photo(for: day)
        photos[day] = photo
        return photo
    }
}
