import Foundation
import LabKit

func authorizeAndSave(_ store: CaffeineHealthStore, _ milligrams: [Double]) async {
    await withCheckedContinuation { done in store.requestAuthorization { _, _ in done.resume() } }
    for amount in milligrams {
        await withCheckedContinuation { done in store.save(CaffeineSample(milligrams: amount, date: Date())) { _, _ in done.resume() } }
    }
}

func runCheck(_ report: CheckReport) async {
    let store = CaffeineHealthStore(behavior: CheckServices.behavior(latency: .fixed(1)))
    await authorizeAndSave(store, [64, 128])
    report.waiting("caffeineSamples(since: nil)")
    do {
        let samples = try await caffeineSamples(since: nil, in: store)
        report.expect(samples.map(\.milligrams).sorted() == [64, 128], "both saved samples came back",
                      otherwise: "expected samples of 64 and 128 mg, got \(samples.map(\.milligrams))")
    } catch {
        report.fail("caffeineSamples threw \(error) for a working store")
    }
    let unauthorized = CaffeineHealthStore(behavior: CheckServices.behavior(latency: .fixed(1)))
    report.waiting("caffeineSamples from a store that refuses")
    do {
        _ = try await caffeineSamples(since: nil, in: unauthorized)
        report.fail("caffeineSamples returned for a store that reported an error; it should throw")
    } catch {
        report.pass("the store's error was thrown: \(error)")
    }
}
