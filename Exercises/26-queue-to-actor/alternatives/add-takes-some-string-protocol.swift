// alternative: add takes any StringProtocol (`some`), a Substring or a String alike, and keeps it as a String
import LabCore

actor FavoritesStore {
    private var photos: Set<String> = []

    func add(_ photo: some StringProtocol) -> Int {
        photos.insert(String(photo))
        return photos.count
    }

    func contains(_ photo: String) -> Bool { photos.contains(photo) }

    var count: Int { photos.count }
}
