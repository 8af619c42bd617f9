// mistake: keeps DrinkLog a class and wraps it in LabCore's Locked, which is @unchecked Sendable for any value: the model and the actor share one mutable object again
// expect: Locked
import LabCore

final class DrinkLog {
    var drinks: [Drink] = []
}

actor DrinkStore {
    private(set) var saved: [Drink] = []

    func save(_ log: Locked<DrinkLog>) {
        saved = log.withLock { $0.drinks }
    }
}

@MainActor
final class CoffeeModel {
    let log = Locked(DrinkLog())
    let store = DrinkStore()

    func add(_ drink: Drink) async {
        log.withLock { $0.drinks.append(drink) }
        await store.save(log)
    }
}
