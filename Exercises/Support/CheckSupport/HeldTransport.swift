import Foundation
import LabScenarios

/// A backend whose reply the check lets go (`reply`), and which says when it was asked
/// (`asked`): what the answer does with the reply can then be watched from its first moment.
struct HeldTransport: Transport {
    let inner: any Transport
    let asked = Gate()
    let reply = Gate()

    func data(for request: ServiceRequest) async throws -> Data {
        let data = try await inner.data(for: request)
        asked.open()
        await reply.wait()
        return data
    }
}
