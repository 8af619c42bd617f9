// alternative: the first request starts the day's download, then notes the request on the main actor through an async let and awaits the note before it awaits the download (its note can end, and wake it, while a second request is already held)
import Foundation
import LabScenarios

@MainActor func noteRequest(for day: Date) {
    _ = day
}

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
        async let noted: Void = noteRequest(for: day)
        await noted
        do {
            return try await download.value
        } catch {
            downloads[day] = nil
            throw error
        }
    }
}
