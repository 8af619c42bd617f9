import Foundation
import LabScenarios

// Exercise 13 · actors · A cache that downloads once
//
// Space Photos keeps downloaded photos in a cache actor. Five views ask for today's
// photo at once; the cache is empty, and at the `await` the actor lets the next call
// in, which finds it still empty. The same photo is downloaded five times.
//
// TODO: make concurrent requests for one day share a single download. A failed
// download must not stay cached.

actor PhotoCache {
    private let service: any SpacePhotosService
    private var photos: [Date: SpacePhoto] = [:]

    init(service: any SpacePhotosService) {
        self.service = service
    }

    func photo(for day: Date) async throws -> SpacePhoto {
        if let cached = photos[day] { return cached }
        let photo = try await service.photo(for: day)
        photos[day] = photo
        return photo
    }
}
