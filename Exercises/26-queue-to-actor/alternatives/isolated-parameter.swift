// alternative: the work is in free functions that take the store as an isolated parameter
import LabCore
actor FavoritesStore {
    var photos: Set<String> = []
    func add(_ photo: String) -> Int { insert(photo, into: self) }
    func contains(_ photo: String) -> Bool { photos.contains(photo) }
    var count: Int { photos.count }
}
func insert(_ photo: String, into store: isolated FavoritesStore) -> Int {
    store.photos.insert(photo)
    return store.photos.count
}
