import Foundation
import LabCore

// MARK: - The answer's face
/// What the check calls of the answer: it is compiled once for every answer, against this
/// (see `AnswerFace` in the lab's grader), and reaches the answer only through `labAdaptor`.
/// The adaptor hands the answer a trailing closure of its own, as the check did, around one of the
/// check's, sent here (for the check's wrapper below, only for the call). Like the check's last
/// closure, it counts in a variable it reads after the call: the check's compile learned from it
/// what the answer may do with such a closure. One that does not escape may be handed to an answer
/// on the main actor, or `sending`; one that escapes may not cross to another isolation; neither is
/// `@Sendable`. So every answer compiles as it did, whatever its closure's label.
struct AnswerFace: Sendable {
    let renderThumbnails: @Sendable (Int, sending @escaping () -> Void) async -> Int
}

// MARK: - How the check reaches the answer
func labAdaptor() -> AnswerFace {
    AnswerFace(renderThumbnails: { total, renderOne in
        var renders = 0
        let rendered = await renderThumbnails(count: total) {
            renders += 1
            renderOne()
        }
        withExtendedLifetime(renders) {}
        return rendered
    })
}

// MARK: - The check
import Foundation
import LabCore
@testable import StudentCode

let plannedExpectations = 4

/// The answer's function, called as the exercise declares it. Each thumbnail is one of the check's
/// closures: it does not escape the call (`withoutActuallyEscaping` traps if it does), and is sent
/// to the answer as the check's closure was, unchecked here: the adaptor's compile checks what the
/// answer may do with it.
func renderThumbnails(count: Int, renderOne: () -> Void) async -> Int {
    await withoutActuallyEscaping(renderOne) { renderOne in
        nonisolated(unsafe) let renderOne = renderOne
        return await labAdaptor().renderThumbnails(count, renderOne)
    }
}

func runCheck(_ report: CheckReport) async {
    let units = CPUWork.units(for: .microseconds(500))
    let total = CheckServices.random(in: 300...500)
    // Uncancelled, every thumbnail is rendered, as many as the cancelled runs below have: a loop
    // that stops early for another reason fails (a cap of 100 passed while this run had 12).
    let calm = await renderThumbnails(count: total) { BlackHole.consume(CPUWork.run(units: units)) }
    report.expect(calm == total, "without cancel() it renders them all (\(total))",
                  otherwise: "without cancel() it returned \(calm) of \(total): stop only when cancelled; until then render every thumbnail")
    let clock = ContinuousClock()
    // The task is cancelled from inside the k-th thumbnail, on the loop's own thread: no other
    // thread has to be scheduled in time (a canceller woken late by a busy machine could find the
    // loop done, and a correct loop would look as if it never checked), and the count at the
    // cancel is exact. Counted in thumbnails, not milliseconds: a busy machine stretches each
    // thumbnail's wall time, not their number. Early, within the first few: a loop that looks
    // at the flag only after some thumbnails (after 16 passed while this was 20–60) keeps
    // rendering past it. Twice, at k and k + 1: a loop that looks only every other thumbnail
    // renders one more after one of the two, whichever k is. And once late in the batch, anywhere
    // up to its last two: a loop that looked only during its first ten thumbnails passed while
    // every cancel came early (an audit's answer). And in its next-to-last thumbnail: one that
    // stopped looking for its last 20 passed while the late cancel came 20 or more before the end. And first of all, before the call, in a
    // task already cancelled (`0`): it renders none. A loop that looked only once it had rendered
    // a few (two, four) passed while the first cancel came in thumbnail 2–8, and so did one that
    // rendered first and looked after.
    let first = CheckServices.random(in: 2...8)
    let late = CheckServices.random(in: 24...(total - 2))
    var runs: [(cancelAt: Int, rendered: Int, really: Int, more: Int, late: Duration, reached: Bool)] = []
    for cancelAt in [0, first, first + 1, late, total - 1] {
        let renders = Locked(0)
        let cancelledAt = Locked<ContinuousClock.Instant?>(nil)
        let task = Task.detached {
            if cancelAt == 0 {
                cancelledAt.withLock { $0 = clock.now }
                // As below: the task cancels itself, at once, and keeps no handle.
                withUnsafeCurrentTask { $0?.cancel() }
            }
            let rendered = await renderThumbnails(count: total) {
                BlackHole.consume(CPUWork.run(units: units))
                let count = renders.withLock { $0 += 1; return $0 }
                if count == cancelAt {
                    cancelledAt.withLock { $0 = clock.now }
                    // Unsafe only by name: the handle is used at once, inside the task it belongs to
                    // (the loop calls renderOne synchronously), and not kept.
                    withUnsafeCurrentTask { $0?.cancel() }
                }
            }
            return (rendered, ContinuousClock.now)
        }
        report.waiting(cancelAt == 0 ? "renderThumbnails in a task already cancelled" : "renderThumbnails after cancel() in thumbnail \(cancelAt)")
        let (rendered, ended) = await task.value
        let really = renders.withLock { $0 }
        // No instant if the loop never reached the k-th thumbnail: it stopped, uncancelled, for a
        // reason of its own (a cap of 100, a time budget: an audit's answers), and fails below.
        let cancelled = cancelledAt.withLock { $0 }
        runs.append(
            (cancelAt, rendered, really, cancelled == nil ? 0 : really - cancelAt,
             cancelled.map { $0.duration(to: ended) } ?? .zero, cancelled != nil))
    }
    let wrongCount = runs.first { $0.rendered != $0.really }
    let all = runs.first { $0.rendered >= total }
    let unasked = runs.first { !$0.reached }
    report.expect(wrongCount == nil && all == nil && unasked == nil, "it stopped early and said so: \(runs.map { "\($0.rendered)" }.joined(separator: " and ")) of \(total) thumbnails",
                  otherwise: wrongCount.map { "it returned \($0.rendered) but rendered \(counted($0.really, "thumbnail")): return how many you rendered" }
                      ?? unasked.map { "it stopped after \($0.really) of \(total) thumbnails before anyone cancelled it (cancel() was to come in thumbnail \($0.cancelAt)): stop only when cancelled; until then render every thumbnail" }
                      ?? (runs.allSatisfy { $0.rendered >= total }
                          ? "it rendered all \(total) thumbnails after being cancelled: the loop never checks, or checks and goes on; stop when it is cancelled"
                          : runs.dropFirst().allSatisfy { $0.rendered >= total }
                          ? "cancelled before the call, it rendered \(runs[0].rendered == 0 ? "none" : "\(runs[0].rendered)"); cancelled in thumbnail \(first), it still rendered all \(total): it does not look at the flag as it goes; check between every two thumbnails"
                          : "it rendered all \(total) thumbnails after cancel() in thumbnail \(all?.cancelAt ?? 0), though it stopped after an earlier cancel: check between every two thumbnails, to the end"))
    // A loop that looks between every two thumbnails renders none after the cancel.
    let worst = runs.max { $0.more < $1.more } ?? runs[0]
    guard worst.more == 0 else {
        return report.fail(worst.cancelAt == 0
            ? "in a task cancelled before it was called, it rendered \(counted(worst.more, "thumbnail")): look at the flag before every thumbnail, the first too"
            : "it rendered \(counted(worst.more, "more thumbnail")) after cancel() in thumbnail \(worst.cancelAt) (\(worst.late.humanReadable)): check between every two thumbnails")
    }
    // And at every place, with thumbnails that cost next to nothing: a loop that skipped its look
    // before some thumbnails (every other one after the tenth; a quarter of each block of 32, which
    // the late cancel above misses 3 draws in 4) passed whenever the few places above fell where it
    // looked (helper 153's audit). Each place from 1 to the last is tried, in a shuffled order,
    // until all are (8-15 ms for the solution, on one CPU) or 3 s have passed: a loop that pauses
    // between thumbnails gets through fewer, and is judged on those.
    let (tried, miss) = await everyPlace(total)
    report.expect(miss == nil, "it stopped \(runs.map(\.late.humanReadable).joined(separator: " and ")) after cancel(), rendering no more thumbnails; and so after a cancel in \(tried == total - 1 ? "any of its \(total - 1) thumbnails but the last" : "each of \(tried) thumbnails tried (of \(total - 1), in 3 s)")",
                  otherwise: miss.map { miss in
                      miss.rendered != miss.really
                          ? "cancelled in thumbnail \(miss.cancelAt), it returned \(miss.rendered) but rendered \(counted(miss.really, "thumbnail")): return how many you rendered"
                          : miss.really < miss.cancelAt
                          ? "it stopped after \(miss.really) of \(total) thumbnails before anyone cancelled it (cancel() was to come in thumbnail \(miss.cancelAt)): stop only when cancelled; until then render every thumbnail"
                          : "it rendered \(counted(miss.really - miss.cancelAt, "more thumbnail")) after cancel() in thumbnail \(miss.cancelAt), though it stopped at once after a cancel elsewhere: look at the flag before every thumbnail, to the end"
                  } ?? "")

    // And in one long batch of thumbnails that cost next to nothing (20,000 to 40,000, drawn), cancelled
    // in one of its last ten: every thumbnail before the cancel, and none after. A loop that stopped at
    // a cap of its own (`min(count, 1_000)`) or stopped looking after its first 1,000 passed while every
    // batch was 300 to 500 (helper 172's audit). The solution renders it in a few milliseconds.
    let long = CheckServices.random(in: 20_000...40_000)
    let longCancelAt = long - CheckServices.random(in: 1...10)
    report.waiting("renderThumbnails for \(long) thumbnails, cancelled in thumbnail \(longCancelAt)", calls: long)
    let (longRendered, longReally) = await Task.detached {
        var renders = 0
        let rendered = await renderThumbnails(count: long) {
            renders += 1
            // As above: the task cancels itself, inside the thumbnail, and keeps no handle.
            if renders == longCancelAt { withUnsafeCurrentTask { $0?.cancel() } }
        }
        return (rendered, renders)
    }.value
    let longBatch = "in a batch of \(long) thumbnails that cost next to nothing"
    report.expect(longRendered == longReally && longReally == longCancelAt,
                  "\(longBatch), it rendered every one until cancel() in thumbnail \(longCancelAt), and none after",
                  otherwise: longRendered != longReally
                      ? "\(longBatch), cancelled in thumbnail \(longCancelAt), it returned \(longRendered) but rendered \(counted(longReally, "thumbnail")): return how many you rendered"
                      : longReally < longCancelAt
                      ? "\(longBatch), it stopped after \(longReally) before anyone cancelled it (cancel() was to come in thumbnail \(longCancelAt)): stop only when cancelled, however many thumbnails there are; until then render every thumbnail"
                      : "\(longBatch), it rendered \(counted(longReally - longCancelAt, "more thumbnail")) after cancel() in thumbnail \(longCancelAt): look at the flag before every thumbnail, however many there are")
}

/// The first place a cancel did not stop the loop at once: where it came, what the loop returned,
/// and how many it rendered.
struct Miss: Sendable {
    let cancelAt: Int
    let rendered: Int
    let really: Int
}

/// Cancels a batch of `total` thumbnails that cost next to nothing in each thumbnail from 1 to
/// `total - 1`, one run each, in a shuffled order, for 3 s at most; returns how many places were
/// tried and the first that rendered more (or returned a count not rendered, or stopped before it).
func everyPlace(_ total: Int) async -> (tried: Int, miss: Miss?) {
    let deadline = ContinuousClock.now + .seconds(3)
    var tried = 0
    for cancelAt in (1..<total).shuffled() where ContinuousClock.now < deadline {
        let renders = Locked(0)
        let rendered = await Task.detached {
            await renderThumbnails(count: total) {
                let count = renders.withLock { $0 += 1; return $0 }
                // As above: the task cancels itself, inside the thumbnail, and keeps no handle.
                if count == cancelAt { withUnsafeCurrentTask { $0?.cancel() } }
            }
        }.value
        tried += 1
        let really = renders.withLock { $0 }
        if really != cancelAt || rendered != really {
            return (tried, Miss(cancelAt: cancelAt, rendered: rendered, really: really))
        }
    }
    return (tried, nil)
}
