import Foundation

// Exercise 29 · solution: take the unit before the await, give it back if the payment fails.

actor Stock {
    private(set) var quantity: Int

    init(quantity: Int) {
        self.quantity = quantity
    }

    func sell(charge: @Sendable () async throws -> Void) async throws -> Bool {
        guard quantity > 0 else { return false }
        quantity -= 1  // no other call can see this unit once we suspend
        do {
            try await charge()
        } catch {
            quantity += 1
            throw error
        }
        return true
    }
}
