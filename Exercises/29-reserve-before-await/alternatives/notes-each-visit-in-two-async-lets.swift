// alternative: each visit is noted on the main actor and with a visits actor through two async lets at once before the stock is looked at (refused as woken from outside before helper 168's fix)
import Foundation

@MainActor func logSale(_ line: String) {
    _ = line
}

actor Visits {
    private(set) var count = 0

    func record() {
        count += 1
    }
}

actor Stock {
    private(set) var quantity: Int
    private let visits = Visits()

    init(quantity: Int) {
        self.quantity = quantity
    }

    func sell(charge: @Sendable () async throws -> Void) async throws -> Bool {
        async let logged: Void = logSale("asked")
        async let recorded: Void = visits.record()
        _ = await (logged, recorded)
        guard quantity > 0 else {
            await logSale("none left")
            return false
        }
        quantity -= 1
        do {
            try await charge()
        } catch {
            quantity += 1
            throw error
        }
        return true
    }
}
