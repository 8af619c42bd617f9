import Foundation
import LabScenarios

// Exercise 13 · solution: cache the in-flight download, stored before the first await.

actor PhotoCache {
    private let service: any SpacePhotosService
    private var downloads: [Date: Task<SpacePhoto, any Error>] = [:]

    init(service: any SpacePhotosService) {
        self.service = service
    }

    func photo(for day: Date) async throws -> SpacePhoto {
        if let download = downloads[day] { return try await download.value }
        let service = self.service
        let download = Task { try await service.photo(for: day) }
        downloads[day] = download
        do {
            return try await download.value
        } catch {
            downloads[day] = nil
            throw error
        }
    }
}
