// mistake: still calls fetchBlocking
// expect: fetchBlocking
import Foundation
import LabCore

@MainActor
final class PhotoModel {
    private(set) var title = "Loading…"
    let client: PhotoClient
    init(client: PhotoClient) { self.client = client }
    func refresh(day: Date) async throws {
        title = client.fetchBlocking(day).title
    }
}
