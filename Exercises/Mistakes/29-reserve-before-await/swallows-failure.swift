// mistake: gives the unit back when the payment fails, but reports "none left" instead of the error
// expect: threw
import Foundation

actor Stock {
    private(set) var quantity: Int
    init(quantity: Int) { self.quantity = quantity }
    func sell(charge: @Sendable () async throws -> Void) async throws -> Bool {
        guard quantity > 0 else { return false }
        quantity -= 1
        do {
            try await charge()
        } catch {
            quantity += 1
            return false
        }
        return true
    }
}
