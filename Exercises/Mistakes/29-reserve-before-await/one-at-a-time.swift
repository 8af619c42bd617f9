// mistake: a busy flag makes every sale wait for the one before: correct, but payments queue up
// expect: one at a time
import Foundation

actor Stock {
    private(set) var quantity: Int
    private var busy = false
    init(quantity: Int) { self.quantity = quantity }
    func sell(charge: @Sendable () async throws -> Void) async throws -> Bool {
        while busy { await Task.yield() }
        busy = true
        defer { busy = false }
        guard quantity > 0 else { return false }
        try await charge()
        quantity -= 1
        return true
    }
}
