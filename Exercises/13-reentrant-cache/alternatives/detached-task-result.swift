// alternative: a detached download with a priority, awaited through Task.result (which never throws): a failure is forgotten, then handed on with result.get()
import Foundation
import LabScenarios

actor PhotoCache {
    private let service: any SpacePhotosService
    private var downloads: [Date: Task<SpacePhoto, any Error>] = [:]

    init(service: any SpacePhotosService) {
        self.service = service
    }

    func photo(for day: Date) async throws -> SpacePhoto {
        let download: Task<SpacePhoto, any Error>
        if let existing = downloads[day] {
            download = existing
        } else {
            download = Task.detached(priority: .userInitiated) { [service] in
                try await service.photo(for: day)
            }
            downloads[day] = download
        }
        // Task.result never throws: look at what came back, forget a failure, then hand it on.
        let result = await download.result
        if case .failure = result, downloads[day] == download {
            downloads[day] = nil
        }
        return try result.get()
    }
}
