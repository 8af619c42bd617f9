import LabCore

// Exercise 14 · solution: DrinkLog is a struct, so the store gets its own copy.

struct DrinkLog: Sendable {
    var drinks: [Drink] = []
}

actor DrinkStore {
    private(set) var saved: [Drink] = []

    func save(_ log: DrinkLog) {
        saved = log.drinks
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
