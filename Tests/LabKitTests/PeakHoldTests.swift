import Foundation
import Testing

@testable import LabCore
@testable import LabScenarios

/// The hold that lets a check or a test see the peak of calls a pattern allows (`PeakHold`).
@Suite("A peak hold")
struct PeakHoldTests {
    @Test func callsWaitUntilThePeakIsHeldThenAllGo() async {
        // A patience no test waits for: only the peak can open the hold here.
        let hold = PeakHold(peak: 3, patience: .seconds(3_600))
        let passed = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    await hold.enter()
                    passed.withLock { $0 += 1 }
                }
            }
            // Two held, none through: the third opens the hold, and all three go.
            while hold.heldCount < 2 { try? await Task.sleep(for: .milliseconds(1)) }
            expect(passed.withLock { $0 } == 0 && !hold.isOpen)
            group.addTask {
                await hold.enter()
                passed.withLock { $0 += 1 }
            }
        }
        expect(passed.withLock { $0 } == 3 && hold.isOpen)
        // Open for good: a later call goes at once.
        await hold.enter()
    }

    @Test func aCallAloneIsLetGoWhenPatienceRunsOut() async {
        let hold = PeakHold(peak: 2, patience: .milliseconds(20))
        let clock = ContinuousClock()
        let start = clock.now
        await hold.enter()
        expectAtLeast(clock.now - start, .milliseconds(20), "held for its patience")
        expect(hold.isOpen)
        await hold.enter()
    }

    @Test func aPeakOfOneHoldsNothing() async {
        let hold = PeakHold(peak: 1, patience: .seconds(3_600))
        await hold.enter()
        expect(hold.isOpen)
    }
}
