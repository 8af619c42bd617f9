// alternative: the download task, made on the actor and so isolated to it, forgets its own failure before it throws: callers only store it and await it
import Foundation
import LabScenarios

actor PhotoCache {
    private let service: any SpacePhotosService
    private var downloads: [Date: Task<SpacePhoto, any Error>] = [:]

    init(service: any SpacePhotosService) {
        self.service = service
    }

    func photo(for day: Date) async throws -> SpacePhoto {
        if let download = downloads[day] {
            return try await download.value
        }
        let download = makeDownload(for: day)
        downloads[day] = download
        return try await download.value
    }

    /// The download forgets its own failure: it runs on this actor (a Task made here inherits it),
    /// so it may touch `downloads` before it throws.
    private func makeDownload(for day: Date) -> Task<SpacePhoto, any Error> {
        Task {
            do {
                return try await service.photo(for: day)
            } catch {
                self.downloads[day] = nil
                throw error
            }
        }
    }
}
