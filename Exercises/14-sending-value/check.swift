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

let plannedExpectations = 1

@MainActor
func runCheck(_ report: CheckReport) async {
    let model = CoffeeModel()
    for (name, milligrams) in [("Espresso", 64.0), ("Latte", 128), ("Cortado", 85)] {
        await model.add(Drink(name: name, milligrams: milligrams))
    }
    let saved = await model.store.saved
    report.expect(saved.map(\.name) == ["Espresso", "Latte", "Cortado"], "the store saved the 3 drinks",
                  otherwise: "the store saved \(saved.map(\.name))")
}
