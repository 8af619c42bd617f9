// alternative: the log is an indirect enum, a list of values the store keeps as it was given
import LabCore

indirect enum DrinkLog: Sendable {
    case empty
    case drink(Drink, after: DrinkLog)

    var drinks: [Drink] {
        guard case .drink(let last, let before) = self else { return [] }
        return before.drinks + [last]
    }
}

actor DrinkStore {
    private var log = DrinkLog.empty
    var saved: [Drink] { log.drinks }

    func save(_ log: DrinkLog) { self.log = log }
}

@MainActor
final class CoffeeModel {
    var log = DrinkLog.empty
    let store = DrinkStore()

    func add(_ drink: Drink) async {
        log = .drink(drink, after: log)
        await store.save(log)
    }
}
