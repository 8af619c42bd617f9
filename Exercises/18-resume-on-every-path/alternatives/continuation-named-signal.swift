// alternative: the stream's continuation is named signal, a name the system also uses
import LabScenarios

// Correct (another style): the completion handler yields the answer into a stream, which the
// async function awaits; the stream's continuation is named `signal`.
func requestAccess(to store: CaffeineHealthStore) async throws -> Bool {
    let (answers, signal) = AsyncThrowingStream<Bool, any Error>.makeStream()
    store.requestAuthorization { granted, error in
        if let error {
            signal.finish(throwing: error)
        } else {
            signal.yield(granted)
            signal.finish()
        }
    }
    for try await granted in answers { return granted }
    throw CancellationError()
}
