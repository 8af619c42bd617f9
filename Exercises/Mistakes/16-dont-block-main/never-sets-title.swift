// mistake: awaits the fetch but forgets to show it
// expect: never set
import Foundation
import LabCore

@MainActor
final class PhotoModel {
    private(set) var title = "Loading…"
    let client: PhotoClient
    init(client: PhotoClient) { self.client = client }
    func refresh(day: Date) async throws {
        _ = try await client.photo(for: day)
    }
}
