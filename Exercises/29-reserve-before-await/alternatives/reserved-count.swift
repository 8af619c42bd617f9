// alternative: counts the units promised to payments in flight, and checks against what is free
import Foundation

actor Stock {
    private(set) var quantity: Int
    private var reserved = 0

    init(quantity: Int) {
        self.quantity = quantity
    }

    func sell(charge: @Sendable () async throws -> Void) async throws -> Bool {
        guard quantity - reserved > 0 else { return false }
        reserved += 1
        defer { reserved -= 1 }
        try await charge()
        quantity -= 1
        return true
    }
}
