// alternative: keeps the array of the original, in order
import LabCore

actor FavoritesStore {
    private var photos: [String] = []

    func add(_ photo: String) -> Int {
        if !photos.contains(photo) { photos.append(photo) }
        return photos.count
    }

    func contains(_ photo: String) -> Bool { photos.contains(photo) }

    var count: Int { photos.count }
}
