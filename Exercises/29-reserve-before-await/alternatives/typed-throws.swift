// alternative: sell is generic over its payment's error (typed throws), and throws what the charge threw
import Foundation

// Takes the unit before the await, gives it back if the payment fails, and throws its error as typed.

actor Stock {
    private(set) var quantity: Int

    init(quantity: Int) {
        self.quantity = quantity
    }

    func sell<Failure: Error>(charge: @Sendable () async throws(Failure) -> Void) async throws(Failure) -> Bool {
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
