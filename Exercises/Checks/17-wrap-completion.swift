import Foundation
import LabKit
@testable import StudentCode

let plannedExpectations = 2

func authorizeAndSave(_ store: CaffeineHealthStore, _ milligrams: [Double]) async {
    await withCheckedContinuation { done in store.requestAuthorization { _, _ in done.resume() } }
    for amount in milligrams {
        await withCheckedContinuation { done in store.save(CaffeineSample(milligrams: amount, date: Date())) { _, _ in done.resume() } }
    }
}

func runCheck(_ report: CheckReport) async {
    let store = CaffeineHealthStore(behavior: CheckServices.behavior(latency: .fixed(1)))
    let amounts = (0..<CheckServices.random(in: 1...4)).map { _ in Double(CheckServices.random(in: 20...300)) }
    await authorizeAndSave(store, amounts)
    report.waiting("caffeineSamples(since: nil)")
    do {
        let samples = try await caffeineSamples(since: nil, in: store)
        report.expect(samples.map(\.milligrams).sorted() == amounts.sorted(), "the \(amounts.count) saved samples came back",
                      otherwise: "expected samples of \(amounts.sorted()) mg, got \(samples.map(\.milligrams).sorted())")
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
