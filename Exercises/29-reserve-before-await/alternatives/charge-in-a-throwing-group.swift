// alternative: the payment runs as a child of a throwing task group, the unit taken before it starts
import Foundation

actor Stock {
    private(set) var quantity: Int

    init(quantity: Int) {
        self.quantity = quantity
    }

    func sell(charge: @escaping @Sendable () async throws -> Void) async throws -> Bool {
        guard quantity > 0 else { return false }
        quantity -= 1
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await charge() }
                try await group.waitForAll()
            }
        } catch {
            quantity += 1
            throw error
        }
        return true
    }
}
