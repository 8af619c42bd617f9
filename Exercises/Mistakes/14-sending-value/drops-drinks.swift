// mistake: sends only the newest drink, so the store forgets the others
// expect: the store saved
import LabCore

actor DrinkStore {
    private(set) var saved: [Drink] = []
    func save(_ drinks: [Drink]) { saved = drinks }
}

@MainActor
final class CoffeeModel {
    let store = DrinkStore()
    func add(_ drink: Drink) async { await store.save([drink]) }
}
