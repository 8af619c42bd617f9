// alternative: sell returns its outcome through a Result
import Foundation


actor Stock {
    private(set) var quantity: Int

    init(quantity: Int) {
        self.quantity = quantity
    }

    func sell(charge: @Sendable () async throws -> Void) async throws -> Bool {
        guard quantity > 0 else { return false }
        quantity -= 1
        let payment: Result<Void, any Error>
        do { payment = .success(try await charge()) } catch { payment = .failure(error) }
        if case .failure = payment { quantity += 1 }
        try payment.get()
        return true
    }
}
