import Foundation

// Exercise 29 · when-it-stops · Never sell what you do not have
//
// The inventory's stock is an actor, so two sell() calls never run at the same time.
// Yet buyers who arrive together are sold more units than there are: while one sale
// awaits its payment, the actor runs the next sell(), whose check still sees the
// unit the first one is about to take (`swift run when-it-stops --variant broken-invariant`).
//
// TODO: never sell more than the stock holds, and keep the payments running at the
// same time (no buyer waits for another buyer's payment). Charge only a buyer who gets
// a unit. A payment that fails (throws) must leave its unit for a later buyer, and
// sell() must throw that error.

actor Stock {
    private(set) var quantity: Int

    init(quantity: Int) {
        self.quantity = quantity
    }

    /// Sells one unit: true when sold, false when none was left.
    func sell(charge: @Sendable () async throws -> Void) async throws -> Bool {
        guard quantity > 0 else { return false }
        try await charge()
        quantity -= 1
        return true
    }
}
