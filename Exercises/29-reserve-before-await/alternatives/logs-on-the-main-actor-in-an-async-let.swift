// alternative: every buyer logs the visit on the main actor through an async let before looking at the stock: its child ends there and wakes the buyer from the main actor (refused as woken from outside, looking again and again, before helper 168's fix)
import Foundation

@MainActor func logSale(_ line: String) {
    _ = line
}

actor Stock {
    private(set) var quantity: Int

    init(quantity: Int) {
        self.quantity = quantity
    }

    func sell(charge: @Sendable () async throws -> Void) async throws -> Bool {
        async let logged: Void = logSale("asked")
        await logged
        guard quantity > 0 else { return false }
        quantity -= 1
        async let payment: Void = charge()
        do {
            try await payment
        } catch {
            quantity += 1
            await logSale("payment failed")
            throw error
        }
        return true
    }
}
