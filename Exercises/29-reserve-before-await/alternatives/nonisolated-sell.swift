// alternative: nonisolated sell with reserve and release on the actor
import Foundation

// and gives the unit back on the actor if the payment fails.

actor Stock {
    private(set) var quantity: Int

    init(quantity: Int) {
        self.quantity = quantity
    }

    private func reserve() -> Bool {
        guard quantity > 0 else { return false }
        quantity -= 1
        return true
    }

    private func release() { quantity += 1 }

    nonisolated func sell(charge: @Sendable () async throws -> Void) async throws -> Bool {
        guard await reserve() else { return false }
        do {
            try await charge()
        } catch {
            await release()
            throw error
        }
        return true
    }
}
