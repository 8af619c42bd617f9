// mistake: declares its own Drink type to dodge the given one
// expect: Drink
import LabCore

struct Drink: Sendable { let name: String; let milligrams: Double }

actor DrinkStore {
    private(set) var saved: [Drink] = []
}

@MainActor
final class CoffeeModel {
    let store = DrinkStore()
    func add(_ drink: Drink) async {}
}
