import Foundation
import LabScenarios

/// Async alternatives for the stand-in HealthKit store, each wrapping one
/// completion-handler call in a checked continuation that resumes exactly once.
extension CaffeineHealthStore {
    public struct QueryResult: Sendable {
        public let added: [CaffeineSample]
        public let deleted: [UUID]
        public let anchor: QueryAnchor?
    }

    public func requestAuthorization() async throws -> Bool {
        try await withCheckedThrowingContinuation { continuation in
            requestAuthorization { granted, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(returning: granted)
                }
            }
        }
    }

    public func save(_ sample: CaffeineSample) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            save(sample) { saved, error in
                if saved {
                    continuation.resume()
                } else {
                    continuation.resume(throwing: error ?? HealthStoreError.notAuthorized)
                }
            }
        }
    }

    /// Coffee Tracker's anchored query: what was added and deleted since `anchor`.
    public func queryCaffeine(since anchor: QueryAnchor?) async throws -> QueryResult {
        try await withCheckedThrowingContinuation { continuation in
            anchoredQuery(since: anchor) { added, deleted, newAnchor, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(returning: QueryResult(added: added, deleted: deleted, anchor: newAnchor))
                }
            }
        }
    }
}
