// alternative: the model keeps its list in an actor of its own and hands the store a copy of it
import LabCore

actor DrinkList {
    private var drinks: [Drink] = []

    func append(_ drink: Drink) -> [Drink] {
        drinks.append(drink)
        return drinks
    }
}

actor DrinkStore {
    private(set) var saved: [Drink] = []

    func save(_ drinks: [Drink]) {
        saved = drinks
    }
}

@MainActor
final class CoffeeModel {
    private let list = DrinkList()
    let store = DrinkStore()

    func add(_ drink: Drink) async {
        let drinks = await list.append(drink)
        await store.save(drinks)
    }
}
