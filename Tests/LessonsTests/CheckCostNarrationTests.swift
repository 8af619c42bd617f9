import Testing

@testable import LabCore
@testable import Lessons

/// Each sentence the continuations lesson's check-cost variant can print, forced from figures.
struct CheckCostNarrationTests {
    typealias Cost = CheckCostNarration.Cost

    @Test func theCheckedContinuationsObjectIsNamedWhenItIsOnePerUse() {
        let sentence = CheckCostNarration.sentence(
            checked: Cost(operations: 10_000, mallocs: 10_001, bytes: 400_040, seconds: 0.0009),
            unsafe: Cost(operations: 10_000, mallocs: 1, bytes: 0, seconds: 0.0005), unavailable: nil)
        expect(
            sentence.hasPrefix(
                "A checked continuation made 1 malloc per use (40 bytes): the small object that watches the rule"))
        expectContains(sentence, "The unsafe one made 1 for 10,000 uses, not one per use.")
        expectContains(sentence, "It took 90 ns a use against 50 ns unsafe (1.8×)")
    }

    @Test func closeTimesAndOtherCountsAreReportedAsMeasured() {
        let sentence = CheckCostNarration.sentence(
            checked: Cost(operations: 10_000, mallocs: 20_000, bytes: 0, seconds: 0.0005),
            unsafe: Cost(operations: 10_000, mallocs: 10_000, bytes: 0, seconds: 0.00049), unavailable: nil)
        expect(
            sentence.hasPrefix("A checked continuation made 2 mallocs per use and an unsafe one 1 on this runtime."))
        expectContains(sentence, "The times were close on this run")
        expectNotContains(sentence, "watches the rule")
    }

    /// A fraction near one (1.2 a use) is not called the watching object, nor "1.2 malloc".
    @Test func aFractionNearOneIsReportedAsMeasured() {
        let sentence = CheckCostNarration.sentence(
            checked: Cost(operations: 10_000, mallocs: 12_000, bytes: 480_000, seconds: 0.0009),
            unsafe: Cost(operations: 10_000, mallocs: 1, bytes: 0, seconds: 0.0005), unavailable: nil)
        expect(sentence.hasPrefix("A checked continuation made 1.2 mallocs per use and an unsafe one none"), sentence)
        expectNotContains(sentence, "watches the rule")
    }

    /// A count before "malloc" agrees with it, and only one per use is the watching object.
    @Test func theMallocCountSaysItsNounAndTwoPerUseIsNotTheWatchingObject() {
        let unsafe = Cost(operations: 10_000, mallocs: 10_000, bytes: 0, seconds: 0.0005)
        let one = CheckCostNarration.sentence(
            checked: Cost(operations: 10_000, mallocs: 10_000, bytes: 0, seconds: 0.0009), unsafe: unsafe,
            unavailable: nil)
        expect(
            one.hasPrefix("A checked continuation made 1 malloc per use and an unsafe one 1 on this runtime."), "\(one)"
        )
        let none = CheckCostNarration.sentence(
            checked: Cost(operations: 10_000, mallocs: 3, bytes: 0, seconds: 0.0009), unsafe: unsafe, unavailable: nil)
        expect(none.hasPrefix("A checked continuation made no malloc per use and an unsafe one 1"), "\(none)")
        let two = CheckCostNarration.sentence(
            checked: Cost(operations: 10_000, mallocs: 20_001, bytes: 800_000, seconds: 0.0009),
            unsafe: Cost(operations: 10_000, mallocs: 2, bytes: 0, seconds: 0.0005), unavailable: nil)
        expect(two.hasPrefix("A checked continuation made 2 mallocs per use and an unsafe one none"), "\(two)")
        expectNotContains(two, "watches the rule")
    }

    @Test func withoutCountsOnlyTheTimesAreStated() {
        let sentence = CheckCostNarration.sentence(
            checked: Cost(operations: 10_000, mallocs: nil, bytes: nil, seconds: 0.0009),
            unsafe: Cost(operations: 10_000, mallocs: nil, bytes: nil, seconds: 0.0005), unavailable: "unavailable here"
        )
        expect(sentence.hasPrefix("Allocations were not counted: unavailable here. It took"))
        expectNotContains(sentence, "malloc")
    }
}

/// A2: "close" is symmetric; an unsafe continuation slower than the checked one is said to be.
struct CheckCostDirectionTests {
    typealias Cost = CheckCostNarration.Cost

    @Test func anUnsafeContinuationThreeTimesSlowerIsNotCalledClose() {
        // Measured under taskset -c 0: 227 ns checked, 694 ns unsafe.
        let sentence = CheckCostNarration.sentence(
            checked: Cost(operations: 10_000, mallocs: 10_003, bytes: 400_000, seconds: 0.00227),
            unsafe: Cost(operations: 10_000, mallocs: 2, bytes: 0, seconds: 0.00694), unavailable: nil)
        expectNotContains(sentence, "close", "\(sentence)")
        expectContains(sentence, "The unsafe one was the slower on this run: 694 ns a use against 227 ns checked")
        expect(sentence.hasSuffix("keep the check."))
    }

    @Test func closeIsCloseWhicheverIsSlower() {
        for (checked, unsafe) in [(0.0005, 0.00049), (0.00049, 0.0005), (0.00055, 0.0005), (0.0005, 0.00055)] {
            let sentence = CheckCostNarration.sentence(
                checked: Cost(operations: 10_000, mallocs: nil, bytes: nil, seconds: checked),
                unsafe: Cost(operations: 10_000, mallocs: nil, bytes: nil, seconds: unsafe), unavailable: "off")
            expectContains(sentence, "The times were close on this run", "\(checked) \(unsafe): \(sentence)")
        }
    }
}
