// mistake: awaits the async fetch, but first freezes the main actor for 150 ms (a blocking call hidden in a helper)
// expect: froze
import Foundation
import LabCore

func warmUp() { let end = Date().addingTimeInterval(0.15); while Date() < end {} }

@MainActor
final class PhotoModel {
    private(set) var title = "Loading…"
    let client: PhotoClient
    init(client: PhotoClient) { self.client = client }
    func refresh(day: Date) async throws {
        warmUp()
        title = try await client.photo(for: day).title
    }
}
