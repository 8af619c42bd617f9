// mistake: an actor whose add suspends between reading the count and writing the photo
// expect: same count
import LabCore

actor FavoritesStore {
    private var photos: [String] = []

    func add(_ photo: String) async -> Int {
        let before = photos.count
        let known = photos.contains(photo)
        await Task.yield()  // "let others in": the actor is reentrant, so they do
        if !known { photos.append(photo) }
        return known ? before : before + 1
    }

    func contains(_ photo: String) -> Bool { photos.contains(photo) }

    var count: Int { photos.count }
}
