// mistake: keeps the class and marks it @unchecked Sendable
// expect: @unchecked
import LabCore

final class DrinkLog: @unchecked Sendable { var drinks: [Drink] = [] }

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
