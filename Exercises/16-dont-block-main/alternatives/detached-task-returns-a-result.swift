// alternative: the fetch in a detached task whose result (a Result) is awaited, then unwrapped
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
        let client = client
        let outcome = await Task.detached { () -> Result<String, any Error> in
            do { return .success(try await client.photo(for: day).title) } catch { return .failure(error) }
        }.value
        title = try outcome.get()
    }
}
