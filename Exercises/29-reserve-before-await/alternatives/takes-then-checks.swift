// alternative: takes the unit first and puts it back at once when there was none
import Foundation

actor Stock {
    private(set) var quantity: Int

    init(quantity: Int) {
        self.quantity = quantity
    }

    func sell(charge: @Sendable () async throws -> Void) async throws -> Bool {
        quantity -= 1
        if quantity < 0 {
            quantity += 1  // there was none: nothing taken, nobody charged
            return false
        }
        do {
            try await charge()
        } catch {
            quantity += 1
            throw error
        }
        return true
    }
}
