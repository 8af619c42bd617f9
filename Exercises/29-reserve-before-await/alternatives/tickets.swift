// alternative: units as tickets: a sale takes a ticket before paying and puts the same ticket back if the payment fails
import Foundation

actor Stock {
    private var tickets: [Int]
    var quantity: Int { tickets.count }

    init(quantity: Int) {
        tickets = Array(0..<quantity)
    }

    func sell(charge: @Sendable () async throws -> Void) async throws -> Bool {
        guard let ticket = tickets.popLast() else { return false }
        do {
            try await charge()
            return true
        } catch {
            tickets.append(ticket)
            throw error
        }
    }
}
