// mistake: adds a photo again when it is already a favourite
// expect: twice
import LabCore

actor FavoritesStore {
    private var photos: [String] = []

    func add(_ photo: String) -> Int {
        photos.append(photo)
        return photos.count
    }

    func contains(_ photo: String) -> Bool { photos.contains(photo) }

    var count: Int { photos.count }
}
