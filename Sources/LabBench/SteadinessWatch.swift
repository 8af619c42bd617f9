import Foundation
import LabConsole
import LabCore

/// `lab bench --steadiness SECONDS`: reads the two steadiness probes for a
/// while, with nothing else running, and prints them second by second — so a
/// user can see whether the machine can support a 5% claim before spending
/// minutes on benchmarks, and see the phases a shared machine goes through.
public enum SteadinessWatch {
    /// Readings are spaced out so the probes sample the machine, not each other.
    static let interval = Duration.milliseconds(50)

    public struct Second: Sendable, Equatable {
        public let index: Int
        public let memoryNanoseconds: Double?
        public let handoffNanoseconds: Double?
    }

    /// Takes readings for `seconds`, calling `each` with every second's medians. Between
    /// readings it suspends (a sleeping thread here would be one of the pool's few).
    public static func watch(seconds: Int, each: (Second) -> Void) async -> Steadiness? {
        await watch(seconds: seconds, reading: { (MemoryProbe.read(), HandoffProbe.read()) }, each: each)
    }

    /// The same with `reading` for the two probes (a test gives a stand-in that does not spin).
    /// Each reading runs on a thread of its own: the handoff probe spins two threads for up to
    /// its budget, which on the pool would hold one of its threads.
    static func watch(
        seconds: Int, reading: @escaping @Sendable () -> (memory: Double, handoff: Double?),
        each: (Second) -> Void
    ) async -> Steadiness? {
        var allMemory: [Double] = []
        var allHandoff: [Double] = []
        let clock = ContinuousClock()
        for index in 1...max(1, seconds) {
            var memory: [Double] = []
            var handoff: [Double] = []
            let end = clock.now.advanced(by: .seconds(1))
            // At least one reading a second, however late this task runs on a busy machine.
            repeat {
                let read = await OnAThreadOfItsOwn.blockingWork(named: "steadiness probes") { reading() }
                memory.append(read.memory)
                if let reading = read.handoff { handoff.append(reading) }
                try? await Task.sleep(for: interval)
            } while clock.now < end
            each(Second(index: index, memoryNanoseconds: median(memory), handoffNanoseconds: median(handoff)))
            allMemory += memory
            allHandoff += handoff
        }
        return Steadiness(memoryReadings: allMemory, handoffReadings: allHandoff)
    }

    static func median(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : Statistics.quantile(values.sorted(), 0.5)
    }

    /// "  3 s   memory probe 1.17 ns   core-to-core round trip 153 ns"
    public static func line(_ second: Second) -> String {
        let memory = second.memoryNanoseconds.map { Format.time($0 / 1e9) } ?? "–"
        let handoff = second.handoffNanoseconds.map { Format.time($0 / 1e9) } ?? "–"
        return
            "\(String(second.index).padded(to: 4, alignRight: true)) s   memory probe \(memory.padded(to: 9, alignRight: true))   core-to-core round trip \(handoff.padded(to: 8, alignRight: true))"
    }
}
