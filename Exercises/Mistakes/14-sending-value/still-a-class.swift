// mistake: passes the class as before
// expect: does not compile
import LabCore

final class DrinkLog { var drinks: [Drink] = [] }

actor DrinkStore {
    private(set) var saved: [Drink] = []
    func save(_ log: DrinkLog) { saved = log.drinks }
}

@MainActor
final class CoffeeModel {
    let log = DrinkLog()
    let store = DrinkStore()
    func add(_ drink: Drink) async {
        log.drinks.append(drink)
        await store.save(log)
    }
}
