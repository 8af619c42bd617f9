// alternative: the payment starts in an async let, the unit taken before the actor can suspend
import Foundation

actor Stock {
    private(set) var quantity: Int
    init(quantity: Int) { self.quantity = quantity }

    func sell(charge: @Sendable () async throws -> Void) async throws -> Bool {
        guard quantity > 0 else { return false }
        async let paid: Void = charge()
        quantity -= 1
        do { try await paid } catch {
            quantity += 1
            throw error
        }
        return true
    }
}
