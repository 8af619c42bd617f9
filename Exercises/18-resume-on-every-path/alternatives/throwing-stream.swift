// alternative: the handler yields its one answer into an AsyncThrowingStream (or finishes it with the error), which the caller awaits; cancelled, the stream ends and the call throws CancellationError
import LabScenarios

// The handler yields its one answer into a throwing stream, which the caller awaits.
func requestAccess(to store: CaffeineHealthStore) async throws -> Bool {
    let (answers, continuation) = AsyncThrowingStream<Bool, any Error>.makeStream()
    store.requestAuthorization { granted, error in
        if let error {
            continuation.finish(throwing: error)
        } else {
            continuation.yield(granted)
            continuation.finish()
        }
    }
    for try await granted in answers { return granted }
    throw CancellationError()
}
