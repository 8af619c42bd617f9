// alternative: the cache's entries are an enum with a case named wait
import Foundation
import LabScenarios

// Correct: the cache's entry says what a request does: join a download in flight (.wait) or use
// the photo (.ready). The in-flight task is stored before the first await.

actor PhotoCache {
    private enum Entry {
        case ready(SpacePhoto)
        case wait(Task<SpacePhoto, any Error>)
    }

    private let service: any SpacePhotosService
    private var entries: [Date: Entry] = [:]

    init(service: any SpacePhotosService) {
        self.service = service
    }

    func photo(for day: Date) async throws -> SpacePhoto {
        switch entries[day] {
        case .ready(let photo):
            return photo
        case .wait(let download):
            return try await download.value
        case nil:
            let service = self.service
            let download = Task { try await service.photo(for: day) }
            entries[day] = .wait(download)
            do {
                let photo = try await download.value
                entries[day] = .ready(photo)
                return photo
            } catch {
                entries[day] = nil
                throw error
            }
        }
    }
}
