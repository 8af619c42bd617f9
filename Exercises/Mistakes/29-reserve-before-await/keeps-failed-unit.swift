// mistake: takes the unit first, but a failed payment never gives it back
// expect: a failed payment
import Foundation

actor Stock {
    private(set) var quantity: Int
    init(quantity: Int) { self.quantity = quantity }
    func sell(charge: @Sendable () async throws -> Void) async throws -> Bool {
        guard quantity > 0 else { return false }
        quantity -= 1
        try await charge()
        return true
    }
}
