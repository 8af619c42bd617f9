import LabCore

// Exercise 26 · solution: the actor is the queue, and the compiler checks every access.

actor FavoritesStore {
    private var photos: Set<String> = []

    func add(_ photo: String) -> Int {
        photos.insert(photo)
        return photos.count
    }

    func contains(_ photo: String) -> Bool { photos.contains(photo) }

    var count: Int { photos.count }
}
