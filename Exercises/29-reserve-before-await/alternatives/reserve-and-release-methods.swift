// alternative: reserving and releasing are synchronous methods of the actor, called around the payment
import Foundation

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

    func sell(charge: @Sendable () async throws -> Void) async throws -> Bool {
        guard reserve() else { return false }
        do { try await charge() } catch {
            release()
            throw error
        }
        return true
    }
}
