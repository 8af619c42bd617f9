import Foundation
import LabCore
import LabScenarios
import Observation

/// Space Photos' model: `@MainActor class Photos` with `updateItems()`, as in the
/// WWDC session, made @Observable. The catalog's photos are fetched concurrently
/// off the main actor and assigned to `items` in one step.
@MainActor
@Observable
final class Photos {
    private(set) var items: [SpacePhoto] = []
    /// The Save button's state for the photo being saved.
    private(set) var isSaving = false
    @ObservationIgnored private let client: any SpacePhotosService
    @ObservationIgnored private let work: SimulatedWork
    @ObservationIgnored private(set) var saved: [SpacePhoto] = []

    init(client: any SpacePhotosService, work: SimulatedWork) {
        self.client = client
        self.work = work
    }

    /// The session's updateItems(): fetch, then replace the list once.
    func updateItems(count: Int) async {
        let fetched = await Self.fetchPhotos(client: client, count: count)
        items = fetched
    }

    /// Several photos at once, off the main actor. Nonisolated and static: it
    /// touches no model state, only the client it is given.
    nonisolated static func fetchPhotos(client: any SpacePhotosService, count: Int) async -> [SpacePhoto] {
        let today = Date(timeIntervalSince1970: 1_731_974_400)
        return await withTaskGroup(of: SpacePhoto?.self) { group in
            for back in 0..<count {
                group.addTask { try? await client.photo(for: today.addingTimeInterval(Double(-back) * 86_400)) }
            }
            var photos: [SpacePhoto] = []
            for await photo in group { if let photo { photos.append(photo) } }
            return photos.sorted { $0.date > $1.date }
        }
    }

    /// The Save button's action: `isSaving` is up while the save runs.
    func save(_ photo: SpacePhoto) async {
        isSaving = true
        defer { isSaving = false }
        try? await work.suspend(sourceSeconds: 2)  // writing the entry to disk
        saved.append(photo)
    }
}

/// What the catalog view shows.
struct CatalogState: Sendable, Equatable {
    let photos: Int
    let firstTitle: String
    let isSaving: Bool
}
