// mistake: calls the lab’s ThreadBlocker directly
// expect: ThreadBlocker
import Foundation
import LabCore

@MainActor
final class PhotoModel {
    private(set) var title = "Loading…"
    let client: PhotoClient
    init(client: PhotoClient) { self.client = client }
    func refresh(day: Date) async throws {
        ThreadBlocker.hold(for: .milliseconds(1))
        title = try await client.photo(for: day).title
    }
}
