import Foundation
import LabScenarios

// MARK: - The answer's face
/// What the check calls of the answer: it is compiled once for every answer, against this
/// (see `AnswerFace` in the lab's grader), and reaches the answer only through `labAdaptor`.
/// The check reads whatever collection of samples the answer returns, as it read the answer's own
/// type (an array, a slice).
struct AnswerFace: Sendable {
    let caffeineSamples: @Sendable (QueryAnchor?, CaffeineHealthStore) async throws -> any Collection<CaffeineSample>
}

// MARK: - How the check reaches the answer
func labAdaptor() -> AnswerFace {
    AnswerFace(caffeineSamples: { try await caffeineSamples(since: $0, in: $1) })
}

// MARK: - The check
import Foundation
import LabScenarios
@testable import StudentCode

let plannedExpectations = 6

/// The answer's function, called as the exercise declares it.
func caffeineSamples(since anchor: QueryAnchor?, in store: CaffeineHealthStore) async throws -> any Collection<CaffeineSample> {
    try await labAdaptor().caffeineSamples(anchor, store)
}

func authorizeAndSave(_ store: CaffeineHealthStore, _ milligrams: [Double]) async {
    await withCheckedContinuation { done in store.requestAuthorization { _, _ in done.resume() } }
    for amount in milligrams {
        await withCheckedContinuation { done in store.save(CaffeineSample(milligrams: amount, date: Date())) { _, _ in done.resume() } }
    }
}

/// The store's anchor now, as the app keeps it between two queries.
func currentAnchor(_ store: CaffeineHealthStore) async -> QueryAnchor? {
    await withCheckedContinuation { done in store.anchoredQuery(since: nil) { _, _, anchor, _ in done.resume(returning: anchor) } }
}

/// How many anchored queries the store has been asked for, the check's own included.
func queries(_ store: CaffeineHealthStore) -> Int {
    store.meter.stats.callsByKey["anchoredQuery"] ?? 0
}

/// Three to five amounts: six to ten samples in all, and three to five since the anchor. With one
/// to three, an answer that kept only the five newest samples (a list's length, in the wrong
/// layer) passed every run that drew five or fewer, 8 runs in 9 by the draw (helper 187's audit).
func randomAmounts() -> [Double] {
    (0..<CheckServices.random(in: 3...5)).map { _ in Double(CheckServices.random(in: 20...300)) }
}

func runCheck(_ report: CheckReport) async {
    let still = await StillnessWatch()
    let store = CaffeineHealthStore(behavior: CheckServices.behavior(latency: .fixed(1)))
    // One amount is saved again after the anchor: two samples of one size are two samples, and an
    // answer that dropped samples of an amount it had seen passed every run that drew no repeat.
    let earlier = randomAmounts()
    let later = [earlier[CheckServices.random(in: 0...(earlier.count - 1))]] + randomAmounts().dropFirst()
    await authorizeAndSave(store, earlier)
    let anchor = await currentAnchor(store)
    await authorizeAndSave(store, later)
    report.waiting("caffeineSamples(since: nil)")
    do {
        // One call, one query: an answer that queried once more (and dropped what that query
        // answered) returned the right samples and passed, each query a trip to the store.
        let queriedBefore = queries(store)
        let samples = try await caffeineSamples(since: nil, in: store)
        let queried = queries(store) - queriedBefore
        let all = (earlier + later).sorted()
        let right = samples.map(\.milligrams).sorted() == all
        report.expect(right && queried == 1, "the \(all.count) saved samples came back, from one query",
                      otherwise: right
                          ? "one caffeineSamples call queried the store \(queried) times: run anchoredQuery once, inside the continuation, and resume with what it answers"
                          : "expected samples of \(all) mg, got \(samples.map(\.milligrams).sorted())")
    } catch {
        report.fail("caffeineSamples threw \(error) for a working store")
    }
    report.waiting("caffeineSamples(since: an anchor)")
    do {
        // Counted here too: an answer that asked once more since the anchor the first query gave
        // (for samples that came meanwhile) and added what it found passed, since only the query
        // since nil was counted (helper 187's audit).
        let queriedBefore = queries(store)
        let samples = try await caffeineSamples(since: anchor, in: store)
        let queried = queries(store) - queriedBefore
        let right = samples.map(\.milligrams).sorted() == later.sorted()
        report.expect(right && queried == 1, "since the anchor, only the \(counted(later.count, "newer sample")) came back, from one query",
                      otherwise: right
                          ? "since the anchor, one caffeineSamples call queried the store \(queried) times: run anchoredQuery once, inside the continuation, and resume with what it answers"
                          : "since the anchor, expected only the newer samples of \(later.sorted()) mg, got \(samples.map(\.milligrams).sorted()): pass the anchor on to the query")
    } catch {
        report.fail("caffeineSamples(since:) threw \(error) for a working store")
    }
    let empty = CaffeineHealthStore(behavior: CheckServices.behavior(latency: .fixed(1)))
    await authorizeAndSave(empty, [])
    report.waiting("caffeineSamples from a store with no samples")
    do {
        let samples = try await caffeineSamples(since: nil, in: empty)
        report.expect(samples.isEmpty, "a store with no samples gives none", otherwise: "a store with no samples gave \(samples.count)")
    } catch {
        report.fail("caffeineSamples threw \(error) for a store with no samples; no samples is not an error")
    }
    // Cancelled while a slow store works (see cancelledWhileWaiting): whatever it answers, the call
    // returns, and its continuation is resumed once (a second resume crashes as the store answers).
    let slowToAnswer = CaffeineHealthStore(
        behavior: CheckServices.behavior(latency: .fixed(CheckServices.scale.sourceSeconds(of: .milliseconds(150)))))
    await authorizeAndSave(slowToAnswer, [80])
    report.waiting("caffeineSamples cancelled while the store works")
    let queriedBeforeTheCancel = queries(slowToAnswer)
    let cancelled = await cancelledWhileWaiting(began: { queries(slowToAnswer) > queriedBeforeTheCancel }) {
        "samples of \(try await caffeineSamples(since: nil, in: slowToAnswer).map(\.milligrams)) mg"
    }
    report.expect(cancelled != nil, "cancelled while the store worked, caffeineSamples \(cancelled.map(cancelledCallOutcome) ?? "")",
                  otherwise: "cancelled while the store worked, caffeineSamples did not return within 3 s: resume the continuation exactly once, whichever comes first, the store's answer or the cancellation (or leave cancellation to the store's answer)")
    // Two stores that fail, each its own way: one refuses, one's query fails with an error of
    // this run's choosing. The error thrown must be the one the completion handler reported, from
    // one query, as on success: an answer that asked again when the store failed passed. The
    // second is asked since an anchor: an answer that threw the store's error only for a query
    // since nil, and answered no samples since an anchor, passed while both were asked since nil.
    // The second way, once with each kind of error the service throws (in a drawn order): with one
    // kind drawn a run, an answer that answered no samples for one kind and threw the rest passed
    // every other run, and one that did so for a timeout, a kind never drawn, every run (session 56).
    let kinds = CheckServices.everyKindOfError()
    let failing: [(store: CaffeineHealthStore, since: QueryAnchor?, error: HealthStoreError, how: String)] =
        [(CaffeineHealthStore(behavior: CheckServices.behavior(latency: .fixed(1))), nil, .notAuthorized, "refuses")]
        + kinds.map { injected in
            (
                CaffeineHealthStore(
                    behavior: CheckServices.behavior(latency: .fixed(1), failures: FailureInjection(rate: 1, error: injected))),
                anchor, .injected(injected), "fails with \(injected) (asked since an anchor)"
            )
        }
    var wrong: String? = nil
    for (store, since, expected, how) in failing where wrong == nil {
        report.waiting("caffeineSamples from a store that \(how)")
        // Within 3 s: a continuation resumed only on success leaves the caller waiting forever,
        // and the check's whole limit (15 s) was spent on finding that out.
        let outcome = await within(.seconds(3)) { () -> Result<Int, any Error> in
            do { return .success(try await caffeineSamples(since: since, in: store).count) } catch { return .failure(error) }
        }
        let queried = queries(store)
        switch outcome {
        case nil:
            wrong = wrong ?? "from a store that \(how), caffeineSamples did not return within 3 s: resume the continuation on every path, with the store's error too"
        case .success?:
            wrong = wrong ?? "caffeineSamples returned for a store that \(how); it should throw"
        case .failure(let error as HealthStoreError)? where error == expected:
            if queried != 1 {
                wrong = wrong ?? "from a store that \(how), caffeineSamples threw the store's error, but queried it \(counted(queried, "time")): run anchoredQuery once, and throw the error its completion handler reports"
            }
        case .failure(let error)?:
            wrong = wrong ?? "from a store that \(how), caffeineSamples threw \(error), not the store's error (\(expected)): throw what the completion handler reports"
        }
    }
    report.expect(wrong == nil, "each store's own error was thrown: \(HealthStoreError.notAuthorized), then \(kinds.map { "\(HealthStoreError.injected($0))" }.joined(separator: ", "))",
                  otherwise: wrong ?? "")

    // A slow store, held still twice, its answer let go by the check (see handlerWaitVerdict): a
    // caller that waits for the completion handler is woken by nothing, and returns as it comes;
    // one that sleeps and looks for its result, or waits again once the handler has come, is
    // woken, runs, or uses CPU.
    report.waiting("caffeineSamples from a store whose answer is kept 200 ms, then 550 ms")
    let verdict = await handlerWaitVerdict(
        still, while: "the store was working", awaiting: "the completion handler (resume a checked continuation from it)",
        keeping: "anchoredQuery",
        store: { behavior, held in
            let slow = CaffeineHealthStore(behavior: behavior, handOver: held.handOver)
            await authorizeAndSave(slow, [120])
            return slow
        },
        call: { (try? await caffeineSamples(since: nil, in: $0))?.map(\.milligrams) },
        wrong: { $0 == [120] ? nil : "a slow store's query of one sample of 120 mg gave \($0.map { "\($0)" } ?? "an error")" })
    // What it did after the handler, as measured: a wait the bounds forgive is said, not hidden.
    let waited = "while the store worked (held 200 ms, then 550 ms), nothing woke the caller; once the completion handler was called, \(verdict.afterTheHandler())"
    if let problem = verdict.problem {
        report.fail(problem)
    } else {
        report.expectInTime(verdict.late == nil, waited, otherwise: verdict.late ?? "")
    }
}
