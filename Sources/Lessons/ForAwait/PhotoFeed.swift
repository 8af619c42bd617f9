import Foundation
import LabCore
import LabTrace

/// A producer task feeding new photo numbers into a stream, with a log of what it
/// did and when `onTermination` ran (its handler cancels the producer). The feed
/// does not keep the stream: `start` hands it to the caller, so who holds it is clear.
final class PhotoFeed: Sendable {
    /// What the producer did, shared with its task and the termination handler.
    final class Log: Sendable {
        let state = Locked((produced: 0, termination: String?.none, producedAtTermination: 0))
    }

    private let log = Log()
    let producer: Task<Void, Never>

    /// A feed of `photos` photos, then `finish()`.
    static func start(probe: Probe, work: SimulatedWork, every seconds: Double, photos: Int = 100) -> (
        PhotoFeed, AsyncStream<Int>
    ) {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        return (PhotoFeed(continuation: continuation, probe: probe, work: work, every: seconds, photos: photos), stream)
    }

    private init(
        continuation: AsyncStream<Int>.Continuation, probe: Probe, work: SimulatedWork, every seconds: Double,
        photos: Int
    ) {
        let log = self.log
        producer = Task {
            await probe.withLane("producer") {
                for photo in 1...max(1, photos) {
                    guard !Task.isCancelled else {
                        probe.mark("producer cancelled")
                        return
                    }
                    log.state.withLock { $0.produced += 1 }
                    continuation.yield(photo)
                    try? await work.suspend(sourceSeconds: seconds)
                }
                continuation.finish()
            }
        }
        let producer = self.producer
        continuation.onTermination = { termination in
            probe.mark("onTermination")
            log.state.withLock {
                $0.termination = "\(termination)"
                $0.producedAtTermination = $0.produced
            }
            producer.cancel()
        }
    }

    var produced: Int { log.state.withLock { $0.produced } }
    var termination: String? { log.state.withLock { $0.termination } }
    var producedAtTermination: Int { log.state.withLock { $0.producedAtTermination } }
}
