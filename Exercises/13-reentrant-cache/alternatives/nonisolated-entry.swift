// alternative: photo(for:) is nonisolated: one call on the actor hands out the day's download (stored or new, no await inside), the waiting happens off the actor, and a failure is forgotten only if that download is still the day's
import Foundation
import LabScenarios

actor PhotoCache {
    private let service: any SpacePhotosService
    private var downloads: [Date: Task<SpacePhoto, any Error>] = [:]

    init(service: any SpacePhotosService) {
        self.service = service
    }

    // Not isolated: only the bookkeeping runs on the actor, the waiting happens off it.
    nonisolated func photo(for day: Date) async throws -> SpacePhoto {
        let download = await download(for: day)
        do {
            return try await download.value
        } catch {
            await forget(download, for: day)
            throw error
        }
    }

    /// The day's download in flight or done, or a new one: one call on the actor, no await inside.
    private func download(for day: Date) -> Task<SpacePhoto, any Error> {
        if let download = downloads[day] { return download }
        let service = service
        let download = Task { try await service.photo(for: day) }
        downloads[day] = download
        return download
    }

    private func forget(_ download: Task<SpacePhoto, any Error>, for day: Date) {
        if downloads[day] == download { downloads[day] = nil }
    }
}
