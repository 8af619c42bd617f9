import Dispatch
import LabCore

// Exercise 26 · from-gcd · Make it compile: a serial queue becomes an actor
//
// The photo app's favourites are guarded by a serial DispatchQueue: every access runs
// in `queue.async`, and async callers wait through a continuation. It is correct by
// discipline, and Swift 6 refuses it: the queue's closures capture `self`, a class the
// compiler cannot prove safe to share between threads.
//
// TODO: make it compile by turning FavoritesStore into an actor, with the same three
// members (add returns how many favourites there are; a photo already there is not
// added again). No DispatchQueue, no lock, no @unchecked Sendable: the actor is the queue.

final class FavoritesStore {
    private let queue = DispatchQueue(label: "favorites")
    private var photos: [String] = []

    func add(_ photo: String) async -> Int {
        await withCheckedContinuation { continuation in
            queue.async {
                if !self.photos.contains(photo) { self.photos.append(photo) }
                continuation.resume(returning: self.photos.count)
            }
        }
    }

    func contains(_ photo: String) async -> Bool {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: self.photos.contains(photo)) }
        }
    }

    var count: Int {
        get async {
            await withCheckedContinuation { continuation in
                queue.async { continuation.resume(returning: self.photos.count) }
            }
        }
    }
}
