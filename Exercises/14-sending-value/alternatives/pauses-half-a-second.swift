// alternative: the store sleeps half a second before it reads its own drinks, so a save may run first
import LabCore

struct DrinkLog: Sendable {
    var drinks: [Drink] = []
}

actor DrinkStore {
    private var kept: [Drink] = []

    var saved: [Drink] {
        get async {
            try? await Task.sleep(for: .milliseconds(500))
            return kept
        }
    }

    func save(_ log: DrinkLog) {
        kept = log.drinks
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
