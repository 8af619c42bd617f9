// alternative: the store keeps the drinks in a dictionary keyed by their place, and lists them in order
import LabCore

struct DrinkLog: Sendable {
    var drinks: [Drink] = []
}

actor DrinkStore {
    private var byPlace: [Int: Drink] = [:]
    var saved: [Drink] { byPlace.keys.sorted().compactMap { byPlace[$0] } }
    func save(_ log: DrinkLog) {
        byPlace = Dictionary(uniqueKeysWithValues: log.drinks.enumerated().map { ($0.offset, $0.element) })
    }
}

@MainActor
final class CoffeeModel {
    var log = DrinkLog()
    let store = DrinkStore()
    func add(_ drink: Drink) async {
        log.drinks.append(drink)
        await store.save(log)
    }
}
