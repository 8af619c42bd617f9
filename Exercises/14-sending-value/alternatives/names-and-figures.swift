// alternative: the store keeps the drinks as two arrays, their names and their caffeine, and rebuilds them when read
import LabCore

struct DrinkLog: Sendable {
    var drinks: [Drink] = []
}

actor DrinkStore {
    private var names: [String] = []
    private var milligrams: [Double] = []

    var saved: [Drink] {
        zip(names, milligrams).map { Drink(name: $0, milligrams: $1) }
    }

    func save(_ log: DrinkLog) {
        names = log.drinks.map(\.name)
        milligrams = log.drinks.map(\.milligrams)
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
