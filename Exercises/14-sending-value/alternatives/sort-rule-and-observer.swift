// alternative: a store with a sort rule of its own and an observer it tells what it saved (functions that read nothing of the model's)
import LabCore

struct DrinkLog: Sendable {
    var drinks: [Drink] = []
}

actor DrinkStore {
    private(set) var saved: [Drink] = []
    private var onSave: (@Sendable ([Drink]) -> Void)?
    private let byCaffeine: @Sendable (Drink, Drink) -> Bool = { $0.milligrams > $1.milligrams }

    func observe(_ observer: @escaping @Sendable ([Drink]) -> Void) { onSave = observer }

    var strongest: Drink? { saved.sorted(by: byCaffeine).first }

    func save(_ log: DrinkLog) {
        saved = log.drinks
        onSave?(saved)
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
