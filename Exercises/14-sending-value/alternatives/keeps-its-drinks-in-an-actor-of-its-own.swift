// alternative: the store keeps its drinks in an actor it makes itself, private, that no one else holds
import LabCore

struct DrinkLog: Sendable {
    var drinks: [Drink] = []
}

/// The store's own shelf: an actor nobody else holds.
actor Shelf {
    var drinks: [Drink] = []
    func put(_ drinks: [Drink]) { self.drinks = drinks }
}

actor DrinkStore {
    private let shelf = Shelf()

    var saved: [Drink] {
        get async { await shelf.drinks }
    }

    func save(_ log: DrinkLog) async {
        await shelf.put(log.drinks)
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
