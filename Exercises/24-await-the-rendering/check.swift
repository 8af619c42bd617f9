import Foundation
import LabCore
@testable import StudentCode

let plannedExpectations = 5

/// A renderer the check controls: each rendering waits until the check says it is done, so
/// "still rendering" and "just finished" are moments the check chooses, not timings it hopes for.
final class RenderDesk: Sendable {
    private struct State {
        var calls: [String: Int] = [:]
        var finished: Set<String> = []
        var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]
    }
    private let state = Locked(State())
    let sizes: [String: Int]

    init(sizes: [String: Int]) { self.sizes = sizes }

    func render(_ name: String) async -> Int {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state -> Bool in
                state.calls[name, default: 0] += 1
                if state.finished.contains(name) { return true }
                state.waiting[name, default: []].append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
        return sizes[name] ?? 0
    }

    func finish(_ name: String) {
        let waiting = state.withLock { state in
            state.finished.insert(name)
            return state.waiting.removeValue(forKey: name) ?? []
        }
        for continuation in waiting { continuation.resume() }
    }

    func calls(_ name: String) -> Int { state.withLock { $0.calls[name] ?? 0 } }
}

func runCheck(_ report: CheckReport) async {
    let poolWatched = PoolWakes.watch()
    let name = "sol-\(CheckServices.random(in: 1000...9999)).jpg"
    let size = CheckServices.random(in: 100...999)
    let desk = RenderDesk(sizes: [name: size])
    let prefetcher = ThumbnailPrefetcher(render: { await desk.render($0) })
    await prefetcher.prefetch(name)
    // The rendering under way, its task off the actor: the actor is free for thumbnail's task.
    _ = await poll(for: CheckServices.patience) { desk.calls(name) > 0 }
    // The pool's wake-ups while nothing but this check's own sleep is going on (none here, where
    // the check's task is left out; a runtime may wake a sleep through a job of its own): the
    // hold's allowance.
    _ = PoolWakes.mark()
    try? await Task.sleep(for: .milliseconds(20))
    let ownWakes = PoolWakes.mark()

    let answer = Locked<(size: Int?, at: ContinuousClock.Instant)?>(nil)
    // thumbnail's task runs on a watch that counts what wakes it (its start is the first).
    let watch = WakeWatch()
    // From before thumbnail starts: a task it starts is seen starting, so its every wake counts.
    _ = PoolWakes.mark()
    let asking = Task(executorPreference: watch) {
        let result = await prefetcher.thumbnail(name)
        answer.withLock { $0 = (result, .now) }
    }
    let started = watch.wakes
    // The rendering goes on for 300 ms: a thumbnail that answers meanwhile guessed.
    try? await Task.sleep(for: .milliseconds(300))
    let early = answer.withLock { $0 }
    let meanwhile = watch.wakes
    // Tasks woken again on the shared pool meanwhile, past the check's own: the answer's where the
    // watch does not run, such as a task of its own that sleeps and looks (`Task {}` does not
    // inherit the watch). Starting a task is not a wake-up.
    let pooled = poolWatched ? PoolWakes.mark() - ownWakes : 0
    report.expect(
        early == nil, "thumbnail(\"\(name)\") waited while the rendering was going",
        otherwise: "thumbnail returned \(early?.size.map(String.init) ?? "nil") while the rendering was still going: await the rendering prefetch started"
    )
    // Nothing but the rendering's end may wake a task that awaits it: a timer that woke it
    // means it slept and looked (polling); its own jobs over and over, that it yielded in a
    // loop. A few of its own are hops onto the actor and back (one, measured).
    let timers = meanwhile.fromOutside - started.fromOutside
    let spins = meanwhile.fromItself - started.fromItself
    report.expect(
        timers == 0 && spins <= 4 && pooled <= 0,
        "while the rendering was going, no timer woke thumbnail's task, it did not loop"
            + (poolWatched ? ", and no other task of yours was woken on the thread pool" : ""),
        otherwise: timers > 0
            ? "a timer woke thumbnail's task \(timers) time(s) while the rendering was going: it slept, then looked; await the rendering itself, which nothing wakes early"
            : spins > 4
                ? "while the rendering was going, thumbnail's task ran \(spins) times (Task.yield() in a loop?): await the rendering itself"
                : "while the rendering was going, tasks of your code were woken \(pooled) time(s) on the thread pool (a task of its own that sleeps and looks again, or yields in a loop?): await the rendering itself, which nothing wakes early")
    let finished = ContinuousClock.now
    desk.finish(name)
    report.waiting("thumbnail(\"\(name)\") after its rendering finished")
    _ = await within(.seconds(3)) { await asking.value }
    if let late = answer.withLock({ $0 }) {
        let after = finished.duration(to: late.at)
        // Generous: a busy machine may take tens of milliseconds to run the waiting task.
        report.expect(
            late.size == size && after < .milliseconds(250),
            "it returned \(size), \(after.humanReadable) after the rendering ended",
            otherwise: late.size != size
                ? "it returned \(late.size.map(String.init) ?? "nil") instead of \(size), the rendered size"
                : "it returned \(after.humanReadable) after the rendering ended: await the rendering itself, not a duration")
    } else {
        report.fail("thumbnail did not return within 3 s of the rendering's end: await the rendering itself, not a duration")
    }
    let again = await within(.seconds(1)) { await prefetcher.thumbnail(name) } ?? nil
    report.expect(
        again == size && desk.calls(name) == 1, "asked again, it returned \(size) and the image was rendered once",
        otherwise: desk.calls(name) > 1
            ? "the image was rendered twice (\(desk.calls(name)) times): await the rendering prefetch started instead of starting another"
            : "asked again after the rendering, it returned \(again.map(String.init) ?? "nil")")
    let stranger = "never-\(CheckServices.random(in: 1000...9999)).jpg"
    report.waiting("thumbnail(\"\(stranger)\"), never prefetched")
    let unknown = await within(.seconds(1)) { await prefetcher.thumbnail(stranger) }
    report.expect(
        unknown == .some(nil) && desk.calls(stranger) == 0, "a name never prefetched got nil at once",
        otherwise: unknown == nil
            ? "thumbnail(\"\(stranger)\") for a name never prefetched did not return within 1 s: return nil when there is no rendering to wait for"
            : "thumbnail(\"\(stranger)\") for a name never prefetched returned \(unknown.flatMap { $0 }.map(String.init) ?? "nil") after rendering it \(desk.calls(stranger)) times: return nil")
}
