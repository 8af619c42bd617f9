// alternative: later callers park continuations per day instead of awaiting a Task per day
import Foundation
import LabScenarios

// Correct (a different style): the first caller downloads; later callers for the same day park a
// checked continuation and are resumed with the first caller's result.
actor PhotoCache {
    private let service: any SpacePhotosService
    private var photos: [Date: SpacePhoto] = [:]
    private var waiting: [Date: [CheckedContinuation<SpacePhoto, any Error>]] = [:]

    init(service: any SpacePhotosService) {
        self.service = service
    }

    func photo(for day: Date) async throws -> SpacePhoto {
        if let cached = photos[day] { return cached }
        if waiting[day] != nil {
            return try await withCheckedThrowingContinuation { waiting[day]!.append($0) }
        }
        waiting[day] = []
        let result: Result<SpacePhoto, any Error>
        do { result = .success(try await service.photo(for: day)) } catch { result = .failure(error) }
        let parked = waiting.removeValue(forKey: day) ?? []
        if case .success(let photo) = result { photos[day] = photo }
        for continuation in parked { continuation.resume(with: result) }
        return try result.get()
    }
}
