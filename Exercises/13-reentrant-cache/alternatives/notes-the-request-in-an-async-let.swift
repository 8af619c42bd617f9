// alternative: each request is noted on the main actor through an async let and awaits the note (its child ends there and wakes the request from the main actor, while the first download is held), then awaits the day's download task (refused as woken from outside before helper 168's fix)
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
        async let noted: Void = noteRequest(for: day)
        await noted
        let download: Task<SpacePhoto, any Error>
        if let inFlight = downloads[day] {
            download = inFlight
        } else {
            let service = self.service
            download = Task { try await service.photo(for: day) }
            downloads[day] = download
        }
        do {
            return try await download.value
        } catch {
            if downloads[day] == download { downloads[day] = nil }
            throw error
        }
    }
}
