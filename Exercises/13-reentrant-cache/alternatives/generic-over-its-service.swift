// alternative: a cache generic over its service's type (the check's calls with each service of its own type infer it)
import Foundation
import LabScenarios

// The in-flight download cached, stored before the first await; the service kept as its own type.

actor PhotoCache<Service: SpacePhotosService> {
    private let service: Service
    private var downloads: [Date: Task<SpacePhoto, any Error>] = [:]

    init(service: Service) {
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
