// alternative: keeps DrinkLog a plain class and sends the store a fresh copy each time (`sending`, a disconnected value)
import LabCore

final class DrinkLog {
    var drinks: [Drink] = []

    func copy() -> DrinkLog {
        let copy = DrinkLog()
        copy.drinks = drinks
        return copy
    }
}

actor DrinkStore {
    private(set) var saved: [Drink] = []

    func save(_ log: sending DrinkLog) {
        saved = log.drinks
    }
}

@MainActor
final class CoffeeModel {
    let log = DrinkLog()
    let store = DrinkStore()

    func add(_ drink: Drink) async {
        log.drinks.append(drink)
        let copy = DrinkLog()
        copy.drinks = log.drinks
        await store.save(copy)
    }
}
