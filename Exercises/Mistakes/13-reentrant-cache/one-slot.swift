// mistake: shares one download for every day (ignores the date)
// expect: second day
import Foundation
import LabScenarios

actor PhotoCache {
    private let service: any SpacePhotosService
    private var download: Task<SpacePhoto, any Error>?
    init(service: any SpacePhotosService) { self.service = service }
    func photo(for day: Date) async throws -> SpacePhoto {
        if let download { do { return try await download.value } catch { self.download = nil; throw error } }
        let service = self.service
        let task = Task { try await service.photo(for: day) }
        download = task
        do { return try await task.value } catch { download = nil; throw error }
    }
}
