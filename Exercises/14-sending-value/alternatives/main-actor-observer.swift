// alternative: the store tells a main-actor observer what it saved (a function that only listens)
import LabCore

struct DrinkLog: Sendable {
    var drinks: [Drink] = []
}

actor DrinkStore {
    private(set) var saved: [Drink] = []
    private var onSave: (@MainActor @Sendable ([Drink]) -> Void)?

    func observe(_ observer: @escaping @MainActor @Sendable ([Drink]) -> Void) { onSave = observer }

    func save(_ log: DrinkLog) async {
        saved = log.drinks
        await onSave?(saved)
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
