// alternative: the old list kept as a plain class, which only the actor holds and touches
import LabCore

/// The old store's list, kept as it was: a plain class, which only the actor touches.
final class PhotoList {
    private(set) var photos: [String] = []
    private var known: Set<String> = []

    func add(_ photo: String) {
        if known.insert(photo).inserted { photos.append(photo) }
    }

    func contains(_ photo: String) -> Bool { known.contains(photo) }
}

actor FavoritesStore {
    private let list = PhotoList()

    func add(_ photo: String) -> Int {
        list.add(photo)
        return list.photos.count
    }

    func contains(_ photo: String) -> Bool { list.contains(photo) }

    var count: Int { list.photos.count }
}
