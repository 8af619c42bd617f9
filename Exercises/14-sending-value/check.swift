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

let plannedExpectations = 2

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
    // while it is read. An actor both hold is one log, shared, however its type is spelled.
    let shared = SharedActors.held(byBoth: model, and: model.store, ignoring: [model.store])
    report.expect(shared.isEmpty, "the model and the store share no actor: the store keeps a value",
                  otherwise: "the model and the store both hold one \(shared.joined(separator: ", ")) (an actor): the store must keep a value of its own, not the model's log")
}
