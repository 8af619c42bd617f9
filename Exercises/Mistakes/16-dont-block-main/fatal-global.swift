// mistake: a global initializer that ends the program
// expect: before
import Foundation
import LabCore

let setUp: Int = { exit(0) }()

@MainActor
final class PhotoModel {
    private(set) var title = "Loading…"
    let client: PhotoClient
    init(client: PhotoClient) { _ = setUp; self.client = client }
    func refresh(day: Date) async throws {}
}
