import LabCore

// Given: compiled into your module (StudentCode) beside your file, so your code can use it.
/// A drink: a value, safe to send anywhere.
struct Drink: Sendable, Equatable {
    let name: String
    let milligrams: Double
}

// MARK: - The check
import LabCore
@testable import StudentCode

let plannedExpectations = 3

@MainActor
func runCheck(_ report: CheckReport) async {
    let model = CoffeeModel()
    // Drinks of this run's own choosing, so the store must save what it was given (an audit's
    // answer saved three names of its own).
    let menu = ["Espresso", "Latte", "Cortado", "Flat white", "Mocha", "Americano", "Ristretto", "Macchiato"]
    let drinks = (0..<CheckServices.random(in: 3...5)).map { _ in
        Drink(name: menu[CheckServices.random(in: 0...(menu.count - 1))], milligrams: Double(CheckServices.random(in: 20...200)))
    }
    for drink in drinks { await model.add(drink) }
    let saved = await model.store.saved
    report.expect(saved == drinks, "the store saved the \(drinks.count) drinks",
                  otherwise: "the store saved \(saved.map(\.name)), not the \(drinks.count) drinks added (\(drinks.map(\.name)))")
    // The adds are over (each awaited), so nothing runs on what the model and the store hold
    // while it is read. An actor both hold is one log, shared, however its type is spelled; so
    // is any object both hold before and after one more add (an immutable log the model
    // replaces is a new object each time, and the first is kept alive here so that no other
    // object can take its address).
    let before = SharedObjects.held(byBoth: model, and: model.store, ignoring: [model.store])
    let extra = Drink(name: "Decaf", milligrams: Double(CheckServices.random(in: 1...15)))
    await model.add(extra)
    let after = SharedObjects.held(byBoth: model, and: model.store, ignoring: [model.store])
    let savedAfter = await model.store.saved
    report.expect(savedAfter == drinks + [extra], "one more add is saved too",
                  otherwise: "after one more add the store saved \(savedAfter.map(\.name)), not \((drinks + [extra]).map(\.name))")
    let shared = after.filter { held in held.isActor || before.contains { $0.object === held.object } }
    report.expect(shared.isEmpty, "the model and the store share no object that changes: the store keeps a value",
                  otherwise: "the model and the store both hold one \(shared.map(\.typeName).joined(separator: ", ")) while its drinks change: the store must keep a value of its own, not the model's log")
}
