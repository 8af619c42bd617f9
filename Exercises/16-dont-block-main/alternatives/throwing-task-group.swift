// alternative: the fetch as the one child of a throwing task group, its title taken from the group's first result
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
        let fetched = try await withThrowingTaskGroup(of: String.self) { group in
            group.addTask { [client] in try await client.photo(for: day).title }
            return try await group.next()
        }
        if let fetched { title = fetched }
    }
}
