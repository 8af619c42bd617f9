import Foundation
import LabScenarios
import LabTrace

/// A cache of space photos by day, in two versions: the natural first attempt,
/// which reentrancy breaks, and the fix.
public protocol PhotoCaching: Actor {
    func photo(for date: Date) async throws -> SpacePhoto
}

/// Checks the cache, awaits the download, then stores. At the `await`, the actor
/// lets other calls run; they find the cache still empty and download again.
public actor NaivePhotoCache: PhotoCaching {
    private let service: any SpacePhotosService
    private var photos: [Date: SpacePhoto] = [:]

    public init(service: any SpacePhotosService) { self.service = service }

    public func photo(for date: Date) async throws -> SpacePhoto {
        Probe.noteWork()  // the view awaits; this method runs on the cache actor
        if let cached = photos[date] { return cached }
        let photo = try await service.photo(for: date)  // reentrancy: other calls run here
        photos[date] = photo
        return photo
    }
}

/// Stores the in-flight download as a Task before the first `await`, so later
/// callers join it instead of starting their own.
public actor SharedDownloadPhotoCache: PhotoCaching {
    private let service: any SpacePhotosService
    private var entries: [Date: Task<SpacePhoto, any Error>] = [:]

    public init(service: any SpacePhotosService) { self.service = service }

    public func photo(for date: Date) async throws -> SpacePhoto {
        Probe.noteWork()  // the view awaits; this method runs on the cache actor
        if let entry = entries[date] { return try await entry.value }
        let service = self.service
        let download = Task { try await service.photo(for: date) }
        entries[date] = download  // recorded before any await: no window for a second download
        do {
            return try await download.value
        } catch {
            entries[date] = nil  // a failed download is not cached; the next caller retries
            throw error
        }
    }
}
