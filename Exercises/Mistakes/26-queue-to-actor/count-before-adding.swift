// mistake: returns the count from before the photo was added
// expect: returned
import LabCore

actor FavoritesStore {
    private var photos: Set<String> = []

    func add(_ photo: String) -> Int {
        defer { photos.insert(photo) }
        return photos.count
    }

    func contains(_ photo: String) -> Bool { photos.contains(photo) }

    var count: Int { photos.count }
}
