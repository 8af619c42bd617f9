// mistake: checks, awaits the payment, then takes the unit (the starting code)
// expect: more than it had
import Foundation

actor Stock {
    private(set) var quantity: Int
    init(quantity: Int) { self.quantity = quantity }
    func sell(charge: @Sendable () async throws -> Void) async throws -> Bool {
        guard quantity > 0 else { return false }
        try await charge()
        quantity -= 1
        return true
    }
}
