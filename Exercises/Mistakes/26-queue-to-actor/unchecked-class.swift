// mistake: a class with async methods and no protection, promised Sendable by hand
// expect: @unchecked Sendable
import LabCore

final class FavoritesStore: @unchecked Sendable {
    private var photos: [String] = []

    func add(_ photo: String) async -> Int {
        if !photos.contains(photo) { photos.append(photo) }
        return photos.count
    }

    func contains(_ photo: String) async -> Bool { photos.contains(photo) }

    var count: Int { get async { photos.count } }
}
