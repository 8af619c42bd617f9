// alternative: a reservation is a value the sale settles, kept or given back, in one switch
import Foundation

actor Stock {
    private(set) var quantity: Int

    private enum Settlement { case keep, giveBack }

    init(quantity: Int) {
        self.quantity = quantity
    }

    func sell(charge: @Sendable () async throws -> Void) async throws -> Bool {
        guard reserve() else { return false }
        var failure: (any Error)?
        do { try await charge() } catch { failure = error }
        settle(failure == nil ? .keep : .giveBack)
        if let failure { throw failure }
        return true
    }

    private func reserve() -> Bool {
        guard quantity > 0 else { return false }
        quantity -= 1
        return true
    }

    private func settle(_ settlement: Settlement) {
        if settlement == .giveBack { quantity += 1 }
    }
}
