// alternative: a second actor keeps the downloads in flight and hands out the day's in one call; the cache actor keeps the finished photos
import Foundation
import LabScenarios

/// Keeps the downloads in flight, one per day.
actor DownloadRegistry {
    private var tasks: [Date: Task<SpacePhoto, any Error>] = [:]

    func task(for day: Date, orStart start: @Sendable @escaping () async throws -> SpacePhoto) -> Task<SpacePhoto, any Error> {
        if let task = tasks[day] { return task }
        let task = Task { try await start() }
        tasks[day] = task
        return task
    }

    func remove(_ day: Date) { tasks[day] = nil }
}

actor PhotoCache {
    private let service: any SpacePhotosService
    private let registry = DownloadRegistry()
    private var photos: [Date: SpacePhoto] = [:]

    init(service: any SpacePhotosService) {
        self.service = service
    }

    func photo(for day: Date) async throws -> SpacePhoto {
        if let photo = photos[day] { return photo }
        let service = service
        let task = await registry.task(for: day) { try await service.photo(for: day) }
        do {
            let photo = try await task.value
            photos[day] = photo
            return photo
        } catch {
            await registry.remove(day)
            throw error
        }
    }
}
