// alternative: a stored count kept beside the set, and a guard that returns early for a photo already there
import LabCore

actor FavoritesStore {
    private var photos: Set<String> = []
    private(set) var count = 0

    func add(_ photo: String) -> Int {
        guard !photos.contains(photo) else { return count }
        photos.insert(photo)
        count += 1
        return count
    }

    func contains(_ photo: String) -> Bool { photos.contains(photo) }
}
