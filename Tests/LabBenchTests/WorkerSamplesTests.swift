import Foundation
import Testing

@testable import LabBench

/// A worker process sends its samples and nothing computed from them; the parent reads only that.
@Suite("Worker processes send samples")
struct WorkerSamplesTests {
    static let sample = Sample(
        iterations: 1_000, wallSeconds: 0.002, cpuSeconds: 0.002, voluntarySwitches: 1, involuntarySwitches: 0,
        peakMemoryBytes: 1 << 20, threads: 3, figures: [], process: nil, probeNanoseconds: 1.5, allocations: nil,
        cpuWindowSeconds: 0.0021)

    @Test func samplesSurviveTheTripIntact() throws {
        let sent = WorkerSamples([
            "tasks": ["async let": [Self.sample, Self.sample]], "locks": ["Mutex": [Self.sample]],
        ])
        try expectEqual(WorkerSamples.decode(sent.encoded()), sent)
    }

    @Test func anythingElseIsRefused() throws {
        #expect(throws: (any Error).self) {
            try WorkerSamples.decode(Data("{\"schema\":\"concurrency-lab.bench/2\",\"suites\":{}}".utf8))
        }
        #expect(throws: (any Error).self) { try WorkerSamples.decode(Data("not json".utf8)) }
    }
}
