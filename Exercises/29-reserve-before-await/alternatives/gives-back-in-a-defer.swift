// alternative: takes the unit first and gives it back in a defer unless the payment completed
import Foundation

// The unit is taken before the payment; a `defer` gives it back on every path the payment did
// not complete, thrown errors included.
actor Stock {
    private(set) var quantity: Int

    init(quantity: Int) {
        self.quantity = quantity
    }

    func sell(charge: @Sendable () async throws -> Void) async throws -> Bool {
        guard quantity > 0 else { return false }
        quantity -= 1
        var paid = false
        defer { if !paid { quantity += 1 } }
        try await charge()
        paid = true
        return true
    }
}
