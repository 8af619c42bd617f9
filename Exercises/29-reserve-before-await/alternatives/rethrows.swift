// alternative: sell rethrows the charge's error
import Foundation

// Takes the unit before the await, gives it back if the payment fails; sell rethrows only
// what the payment throws.

actor Stock {
    private(set) var quantity: Int

    init(quantity: Int) {
        self.quantity = quantity
    }

    /// Sells one unit: true when sold, false when none was left.
    func sell(charge: @Sendable () async throws -> Void) async rethrows -> Bool {
        guard quantity > 0 else { return false }
        quantity -= 1
        do {
            try await charge()
        } catch {
            quantity += 1
            throw error
        }
        return true
    }
}
