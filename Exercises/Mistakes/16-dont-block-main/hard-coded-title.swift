// mistake: never fetches: sets the title the example photo had
// expect: not that of the photo
import Foundation
import LabCore

@MainActor
final class PhotoModel {
    private(set) var title = "Loading…"
    let client: PhotoClient

    init(client: PhotoClient) {
        self.client = client
    }

    func refresh(day: Date) async throws {
        try await Task.sleep(for: .milliseconds(150))
        title = "Totality over Texas"
    }
}
