// alternative: a failed payment is written down on another actor before its unit goes back (an await in the catch): the unit is back before sell() throws
import Foundation

actor Ledger {
    var failures = 0
    func recordFailure() { failures += 1 }
}

actor Stock {
    private(set) var quantity: Int
    private let ledger = Ledger()
    init(quantity: Int) { self.quantity = quantity }

    func sell(charge: @Sendable () async throws -> Void) async throws -> Bool {
        guard quantity > 0 else { return false }
        quantity -= 1
        do {
            try await charge()
        } catch {
            await ledger.recordFailure()
            quantity += 1
            throw error
        }
        return true
    }
}
