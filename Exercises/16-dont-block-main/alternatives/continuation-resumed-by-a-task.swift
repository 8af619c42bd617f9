// alternative: a continuation resumed by an unstructured task that fetches, with the fetch's result or its error
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
        let fetched: String = try await withCheckedThrowingContinuation { continuation in
            Task {
                do {
                    continuation.resume(returning: try await client.photo(for: day).title)
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
        title = fetched
    }
}
