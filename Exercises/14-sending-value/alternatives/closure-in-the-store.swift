// alternative: the store adds up its drinks with a closure that names its return type
import LabCore

struct DrinkLog: Sendable {
    var drinks: [Drink] = []
}

actor DrinkStore {
    private(set) var saved: [Drink] = []
    private(set) var totalCaffeine: Double = 0

    func save(_ log: DrinkLog) {
        saved = log.drinks
        totalCaffeine = saved.reduce(0) { sum, drink -> Double in sum + drink.milligrams }
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
