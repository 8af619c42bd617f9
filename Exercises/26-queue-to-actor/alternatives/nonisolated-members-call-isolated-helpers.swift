// alternative: nonisolated async members, each one call into a private isolated helper
import LabCore

actor FavoritesStore {
    private var photos: Set<String> = []

    nonisolated func add(_ photo: String) async -> Int { await insert(photo) }

    nonisolated func contains(_ photo: String) async -> Bool { await has(photo) }

    var count: Int { photos.count }

    private func insert(_ photo: String) -> Int {
        photos.insert(photo)
        return photos.count
    }

    private func has(_ photo: String) -> Bool { photos.contains(photo) }
}
