// alternative: the store keeps the immutable log object the model hands it; the model replaces its own at each add, so no object both hold ever changes
import LabCore

final class DrinkLog: Sendable {
    let drinks: [Drink]
    init(drinks: [Drink] = []) { self.drinks = drinks }
    func adding(_ drink: Drink) -> DrinkLog { DrinkLog(drinks: drinks + [drink]) }
}

actor DrinkStore {
    private var log = DrinkLog()
    var saved: [Drink] { log.drinks }

    func save(_ log: DrinkLog) { self.log = log }
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
