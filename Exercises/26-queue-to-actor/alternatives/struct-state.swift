// alternative: the favourites as a struct with mutating members, which the actor owns
import LabCore

/// The favourites as a value: the actor owns one and changes it in place.
struct Favorites {
    private var photos: Set<String> = []
    var count: Int { photos.count }

    mutating func add(_ photo: String) -> Int {
        photos.insert(photo)
        return photos.count
    }

    func contains(_ photo: String) -> Bool { photos.contains(photo) }
}

actor FavoritesStore {
    private var favorites = Favorites()

    func add(_ photo: String) -> Int { favorites.add(photo) }
    func contains(_ photo: String) -> Bool { favorites.contains(photo) }
    var count: Int { favorites.count }
}
