// mistake: shares the in-flight task, but a failed download stays cached forever
// expect: must not stay in the cache
import Foundation
import LabScenarios

actor PhotoCache {
    private let service: any SpacePhotosService
    private var downloads: [Date: Task<SpacePhoto, any Error>] = [:]
    init(service: any SpacePhotosService) { self.service = service }
    func photo(for day: Date) async throws -> SpacePhoto {
        if let download = downloads[day] { return try await download.value }
        let service = self.service
        let download = Task { try await service.photo(for: day) }
        downloads[day] = download
        return try await download.value
    }
}
