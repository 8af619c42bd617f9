// alternative: a Sendable snapshot struct nested in the main-actor log class
import LabCore

// Correct: the store gets a value, a Sendable struct nested in the main-actor log class.
@MainActor
final class DrinkLog {
    struct Snapshot: Sendable {
        let drinks: [Drink]
    }

    var drinks: [Drink] = []

    var snapshot: Snapshot { Snapshot(drinks: drinks) }
}

actor DrinkStore {
    private(set) var saved: [Drink] = []

    func save(_ snapshot: DrinkLog.Snapshot) {
        saved = snapshot.drinks
    }
}

@MainActor
final class CoffeeModel {
    let log = DrinkLog()
    let store = DrinkStore()

    func add(_ drink: Drink) async {
        log.drinks.append(drink)
        await store.save(log.snapshot)
    }
}
