// alternative: DrinkLog is a struct that keeps its drinks in a private array, appended through a mutating method
import LabCore

struct DrinkLog: Sendable {
    private(set) var drinks: [Drink] = []
    mutating func append(_ drink: Drink) { drinks.append(drink) }
}

actor DrinkStore {
    private(set) var saved: [Drink] = []
    func save(_ log: DrinkLog) { saved = log.drinks }
}

@MainActor
final class CoffeeModel {
    private(set) var log = DrinkLog()
    let store = DrinkStore()
    func add(_ drink: Drink) async {
        log.append(drink)
        await store.save(log)
    }
}
