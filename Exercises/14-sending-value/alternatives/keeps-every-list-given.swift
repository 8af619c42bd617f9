// alternative: the store keeps every list it was given and reports the last one
import LabCore

struct DrinkLog: Sendable {
    var drinks: [Drink] = []
}

actor DrinkStore {
    private var history: [[Drink]] = []

    var saved: [Drink] { history.last ?? [] }

    func save(_ log: DrinkLog) {
        history.append(log.drinks)
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
