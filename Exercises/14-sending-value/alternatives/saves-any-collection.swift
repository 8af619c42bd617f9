// alternative: the store takes any Sendable collection of drinks and keeps an array of them
import LabCore

@MainActor
final class DrinkLog {
    var drinks: [Drink] = []
}

actor DrinkStore {
    private(set) var saved: [Drink] = []

    func save(_ drinks: some Collection<Drink> & Sendable) {
        saved = Array(drinks)
    }
}

@MainActor
final class CoffeeModel {
    let log = DrinkLog()
    let store = DrinkStore()

    func add(_ drink: Drink) async {
        log.drinks.append(drink)
        await store.save(log.drinks)
    }
}
