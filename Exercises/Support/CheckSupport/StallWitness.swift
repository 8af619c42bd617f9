import LabCore
import LabTrace

/// A ticker on the thread pool beside the main actor's frame ticker (16), waking as often and by
/// the same road (a timer, then a thread that must get a CPU). Nothing of an answer holds it, so
/// its own long gaps are the machine's: a CPU shared with other work, a paused VM. A frame gap is
/// the main actor's to the extent that this one kept ticking meanwhile. It reads no thread's
/// run-queue time, which only Linux publishes: it works wherever the check runs.
final class StallWitness: Sendable {
    private let wakes: Locked<[Double]>
    private let loop: Task<Void, Never>

    /// Starts ticking every `interval`, each wake stamped on `probe`'s clock (the frames' clock).
    init(probe: Probe, every interval: Duration = .nanoseconds(16_666_667)) {
        let wakes = Locked<[Double]>([])
        self.wakes = wakes
        loop = Task.detached {
            let clock = ContinuousClock()
            var deadline = clock.now
            while !Task.isCancelled {
                deadline = max(deadline + interval, clock.now)
                try? await Task.sleep(until: deadline, clock: clock)
                wakes.withLock { $0.append(probe.now) }
            }
        }
    }

    /// After `stop`: how much of the span from `start` to `end` (probe seconds) fell inside its own
    /// gaps of `least` or more, overlap only: for one long frame gap, whether the machine stalled
    /// this ticker through that same span.
    func stalledThrough(_ start: Double, _ end: Double, gapsOf least: Double) -> Double {
        gaps(atLeast: least).map { max(0, min($0.to, end) - max($0.from, start)) }.reduce(0, +)
    }

    /// Stops it and returns the time, between `start` and `end` (probe seconds), it spent in gaps of
    /// `least` or more: the same measure as the frames' frozen time, of a ticker nobody held.
    func stop(stalledBetween start: Double, _ end: Double, gapsOf least: Double) async -> Double {
        loop.cancel()
        await loop.value
        return gaps(atLeast: least).filter { $0.to > start && $0.from < end }.map { $0.to - $0.from }.reduce(0, +)
    }

    /// Its gaps between one wake and the next, of `least` or more.
    private func gaps(atLeast least: Double) -> [(from: Double, to: Double)] {
        let stamps = wakes.withLock { $0 }
        return zip(stamps, stamps.dropFirst()).map { (from: $0.0, to: $0.1) }.filter { $0.to - $0.from >= least }
    }
}
