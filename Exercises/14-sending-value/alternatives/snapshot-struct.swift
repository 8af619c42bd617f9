// alternative: keeps a main-actor class log and hands the store a snapshot struct of its drinks
import LabCore

@MainActor
final class DrinkLog {
    var drinks: [Drink] = []
}

struct DrinkSnapshot: Sendable {
    let drinks: [Drink]
}

actor DrinkStore {
    private(set) var saved: [Drink] = []

    func save(_ snapshot: DrinkSnapshot) {
        saved = snapshot.drinks
    }
}

@MainActor
final class CoffeeModel {
    let log = DrinkLog()
    let store = DrinkStore()

    func add(_ drink: Drink) async {
        log.drinks.append(drink)
        await store.save(DrinkSnapshot(drinks: log.drinks))
    }
}
