// alternative: an immutable Sendable final class (constants only: neither side can change what the other sees)
import LabCore

// An immutable final class: nobody can change it after it is made, so sharing it is like sharing a value.
final class DrinkLog: Sendable {
    let drinks: [Drink]
    init(drinks: [Drink] = []) { self.drinks = drinks }
    func adding(_ drink: Drink) -> DrinkLog { DrinkLog(drinks: drinks + [drink]) }
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
        log = log.adding(drink)
        await store.save(log)
    }
}
