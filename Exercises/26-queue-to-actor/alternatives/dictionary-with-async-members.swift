// alternative: a dictionary of each photo's place, with members declared async (an async get for count)
import LabCore

actor FavoritesStore {
    /// Each favourite and the order it was added in.
    private var order: [String: Int] = [:]

    func add(_ photo: String) async -> Int {
        if order[photo] == nil { order[photo] = order.count }
        return order.count
    }

    func contains(_ photo: String) async -> Bool { order[photo] != nil }

    var count: Int {
        get async { order.count }
    }
}
