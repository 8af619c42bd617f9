import Foundation
import LabCore
import LabTrace

/// A burst of elements arrives on an AsyncStream while its consumer is busy; then
/// the consumer reads them slowly. Under a buffering policy, records what was
/// received, what `yield` reported as dropped, and the deepest the buffer got.
public enum BufferingExperiment {
    public struct Outcome: Sendable {
        public let received: [Int]
        public let dropped: [Int]
        /// The most elements waiting in the buffer at once: what memory had to hold.
        public let deepestBuffer: Int
    }

    public static func run(
        policy: AsyncStream<Int>.Continuation.BufferingPolicy, elements: Int,
        work: SimulatedWork, consumerPause: Double = 0.2,
        probe: Probe = .disabled, label: String = ""
    ) async -> Outcome {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: policy)
        // The burst: nobody is reading yet, so every element goes to the buffer or is dropped.
        let producer = Task {
            await probe.withLane("producer \(label)") {
                var dropped: [Int] = []
                var deepest = 0
                for element in 1...elements {
                    if case .dropped(let lost) = continuation.yield(element) { dropped.append(lost) }
                    deepest = max(deepest, element - dropped.count)
                }
                probe.mark("burst of \(elements) yielded")
                continuation.finish()
                return (dropped, deepest)
            }
        }
        let (dropped, deepest) = await producer.value
        var received: [Int] = []
        await probe.withLane("consumer \(label)") {
            for await element in stream {
                received.append(element)
                await probe.span("handle \(element)", kind: .suspending) {
                    try? await work.suspend(sourceSeconds: consumerPause)
                }
            }
        }
        return Outcome(received: received, dropped: dropped, deepestBuffer: deepest)
    }
}
