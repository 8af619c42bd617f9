/// A call cancelled while the completion handler it waits for is still to come: cancellation is
/// another path on which a continuation must be resumed exactly once (17, 18). Without it, a
/// cancellation handler that resumed with `CancellationError` while the completion handler
/// resumed too passed, since no check cancelled (an audit's; it crashes once the store answers),
/// and so would one that resumed on neither path once cancelled.
///
/// Starts `call` in a task, cancels it once `began` says the store has the request (looked for
/// every few milliseconds, 2 s at most), and returns what it returned or threw, or nil when it had
/// not within 3 s of the cancel. Any outcome is fair: the samples (the cancel ignored), an error,
/// whatever the answer's stream gives a cancelled reader. The store answers later on its own
/// queue, where a second resume crashes the check: the check calls this before its slow sections,
/// so the crash lands while it still runs (as 18's failing store first).
func cancelledWhileWaiting<T: Sendable>(
    began: () -> Bool, _ call: @escaping @Sendable () async throws -> T
) async -> Result<T, any Error>? {
    let task = Task { try await call() }
    _ = await poll(for: .seconds(2), began)
    task.cancel()
    return await within(.seconds(3)) { await task.result }
}

/// What a cancelled call gave, in a few words for a verdict. Named apart from any function an
/// answer may declare: the scan refuses an answer's declaration of a name the support has.
func cancelledCallOutcome<T>(_ outcome: Result<T, any Error>) -> String {
    switch outcome {
    case .success(let value): "returned \(value)"
    case .failure(let error): "threw \(error)"
    }
}
