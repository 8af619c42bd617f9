// mistake: keeps the queue inside an async wrapper instead of moving to an actor
// expect: @unchecked Sendable
import Dispatch
import LabCore

final class FavoritesStore: Sendable {
    private let queue = DispatchQueue(label: "favorites")
    private let box = Box()

    final class Box: @unchecked Sendable { var photos: [String] = [] }

    func add(_ photo: String) async -> Int {
        await withCheckedContinuation { continuation in
            queue.async {
                if !self.box.photos.contains(photo) { self.box.photos.append(photo) }
                continuation.resume(returning: self.box.photos.count)
            }
        }
    }

    func contains(_ photo: String) async -> Bool {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: self.box.photos.contains(photo)) }
        }
    }

    var count: Int { get async { await withCheckedContinuation { c in queue.async { c.resume(returning: self.box.photos.count) } } } }
}
