// alternative: keeps DrinkLog a class on the main actor and sends its array of values
import LabCore

@MainActor
final class DrinkLog { var drinks: [Drink] = [] }

actor DrinkStore {
    private(set) var saved: [Drink] = []
    func save(_ drinks: [Drink]) { saved = drinks }
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
