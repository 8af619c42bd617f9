// alternative: save throws a typed error and returns the count
import LabCore

struct DrinkLog: Sendable {
    var drinks: [Drink] = []
}

enum StoreError: Error { case empty }

actor DrinkStore {
    private(set) var saved: [Drink] = []

    @discardableResult
    func save(_ log: DrinkLog) throws(StoreError) -> Int {
        guard !log.drinks.isEmpty else { throw .empty }
        saved = log.drinks
        return saved.count
    }
}

@MainActor
final class CoffeeModel {
    var log = DrinkLog()
    let store = DrinkStore()

    func add(_ drink: Drink) async {
        log.drinks.append(drink)
        _ = try? await store.save(log)
    }
}
