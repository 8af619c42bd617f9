// mistake: charges first and checks after: the stock is right, but buyers pay for nothing
// expect: charged
import Foundation

actor Stock {
    private(set) var quantity: Int
    init(quantity: Int) { self.quantity = quantity }
    func sell(charge: @Sendable () async throws -> Void) async throws -> Bool {
        try await charge()
        guard quantity > 0 else { return false }
        quantity -= 1
        return true
    }
}
