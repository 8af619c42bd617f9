// alternative: takes the unit first; each payment starts 100 ms after the one before, as a stalled machine may start them
import Foundation

actor Stock {
    private(set) var quantity: Int
    private var payments = 0

    init(quantity: Int) {
        self.quantity = quantity
    }

    func sell(charge: @Sendable () async throws -> Void) async throws -> Bool {
        guard quantity > 0 else { return false }
        quantity -= 1
        let n = payments
        payments += 1
        if n < 6 { try? await Task.sleep(for: .milliseconds(100 * n)) }
        do {
            try await charge()
        } catch {
            quantity += 1
            throw error
        }
        return true
    }
}
