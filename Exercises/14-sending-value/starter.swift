import LabCore

// Exercise 14 · actors · Make it compile: passing a drink list to an actor
//
// Coffee Tracker's model keeps a DrinkLog and hands it to the store actor to save.
// DrinkLog is a class: after handing it over, the model and the actor would share
// one mutable object. Swift 6 refuses to send it.
//
// TODO: make it compile by passing the store a value it can keep, not a shared
// reference. The store must keep what it was given, even if the model changes later.

final class DrinkLog {
    var drinks: [Drink] = []
}

actor DrinkStore {
    private(set) var saved: [Drink] = []

    func save(_ log: DrinkLog) {
        saved = log.drinks
    }
}

@MainActor
final class CoffeeModel {
    let log = DrinkLog()
    let store = DrinkStore()

    func add(_ drink: Drink) async {
        log.drinks.append(drink)
        await store.save(log)
    }
}
