// No given code for this exercise.
// MARK: - The answer's face
/// What the check calls of the answer: it is compiled once for every answer, against this
/// (see `AnswerFace` in the lab's grader), and reaches the answer only through `labAdaptor`.
struct AnswerFace: Sendable {
    /// Called synchronously, on a thread of the check's own.
    let thumbnailSizeBlocking: @Sendable (String, @escaping @Sendable (String) async -> Int) -> Int
    let thumbnailSize: @Sendable (String, @escaping @Sendable (String) async -> Int) async -> Int
}

// MARK: - How the check reaches the answer
func labAdaptor() -> AnswerFace {
    AnswerFace(
        thumbnailSizeBlocking: { thumbnailSizeBlocking(for: $0, render: $1) },
        thumbnailSize: { await thumbnailSize(for: $0, render: $1) })
}

// MARK: - The check
import Foundation
import LabCore
@testable import StudentCode

let plannedExpectations = 6

/// The answer's functions, called as the exercise declares them.
func thumbnailSizeBlocking(for name: String, render: @escaping @Sendable (String) async -> Int) -> Int {
    labAdaptor().thumbnailSizeBlocking(name, render)
}

func thumbnailSize(for name: String, render: @escaping @Sendable (String) async -> Int) async -> Int {
    await labAdaptor().thumbnailSize(name, render)
}

/// The thumbnail an async caller asked for, set in the caller's task: a task it starts inherits
/// it, a thread it hands the call to does not.
enum Caller {
    @TaskLocal static var asking: String?
}

/// A renderer that suspends 20 ms per thumbnail, counting its calls, how many run at once, and
/// those run outside the task of the caller that asked, in a task a thread's own code made.
final class CountingRenderer: Sendable {
    let sizes: [String: Int]
    private let state = Locked((calls: [String: Int](), inFlight: 0, peak: 0, outside: Set<String>()))

    init(sizes: [String: Int]) { self.sizes = sizes }

    func render(_ name: String) async -> Int {
        // Outside the caller's task: in a task without its task-local, made by a thread's own code,
        // where the channel sees tasks made (`TaskOrigin`). A `Task.detached` the caller made and
        // awaits lacks the task-local too, but holds no thread: it was refused, told it handed the
        // call to a thread that waits (helpers 178 and 179). Where the channel cannot tell, nothing
        // is counted: the scan refuses the threads and queues a call could be handed to.
        let outside = Caller.asking != name && TaskOrigin.madeFromAThread == true
        state.withLock { state in
            state.calls[name, default: 0] += 1
            state.inFlight += 1
            state.peak = max(state.peak, state.inFlight)
            if outside { state.outside.insert(name) }
        }
        try? await Task.sleep(for: .milliseconds(20))
        state.withLock { $0.inFlight -= 1 }
        return sizes[name] ?? -1
    }

    func calls(_ name: String) -> Int { state.withLock { $0.calls[name] ?? 0 } }
    var peak: Int { state.withLock { $0.peak } }
    /// Thumbnails rendered outside their caller's task (nor any task it started).
    var outside: Set<String> { state.withLock { $0.outside } }
}

func runCheck(_ report: CheckReport) async {
    // More callers than the pool has threads, so a call that blocks its thread cannot get lucky.
    let callers = 4 * max(2, CheckServices.poolWidth)
    var sizes: [String: Int] = [:]
    for index in 0...callers { sizes["thumb-\(index).jpg"] = CheckServices.random(in: 100...999) }
    let renderer = CountingRenderer(sizes: sizes)
    let render: @Sendable (String) async -> Int = { await renderer.render($0) }

    let oldName = "thumb-\(callers).jpg"
    report.waiting("thumbnailSizeBlocking called by a synchronous caller on a thread of its own")
    let old = await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: thumbnailSizeBlocking(for: oldName, render: render)) }
    }
    report.expect(
        old == sizes[oldName], "a synchronous caller on its own thread still gets its size (\(old))",
        otherwise: "a synchronous caller got \(old) instead of \(sizes[oldName] ?? 0): thumbnailSizeBlocking must still wait for the renderer")

    report.waiting(
        "\(callers) calls of thumbnailSize at once from the cooperative pool: a call that blocks its thread on a semaphore leaves the renderer no thread, and nothing finishes")
    let (results, computed) = await computedWhileWaiting {
        await withTaskGroup(of: (String, Int).self) { group in
            for index in 0..<callers {
                let name = "thumb-\(index).jpg"
                group.addTask { (name, await Caller.$asking.withValue(name) { await thumbnailSize(for: name, render: render) }) }
            }
            var results: [String: Int] = [:]
            for await (name, size) in group { results[name] = size }
            return results
        }
    }
    let wrong = results.filter { sizes[$0.key] != $0.value }
    report.expect(
        wrong.isEmpty, "all \(callers) calls at once finished with their sizes",
        otherwise: "\(wrong.count) of \(callers) calls returned \(wrong.first.map { "\($0.value)" } ?? "") instead of the rendered size (e.g. \(wrong.first.flatMap { sizes[$0.key] } ?? 0)): await the renderer")
    try? await Task.sleep(for: .milliseconds(100))  // a stray rendering started in a task of its own gets counted too
    let twice = (0..<callers).map { "thumb-\($0).jpg" }.first { renderer.calls($0) != 1 }
    report.expect(
        twice == nil, "each thumbnail was rendered once",
        otherwise: "\(twice ?? "") was rendered \(twice.map(renderer.calls) ?? 0) times: render once per call")
    report.expect(
        renderer.peak >= 2, "the renderings overlapped (\(renderer.peak) at once)",
        otherwise: "the renderings ran one at a time: await the renderer in each caller, without a lock around it")
    // Each rendering sleeps 20 ms: calls that await it compute next to nothing meanwhile. One that
    // looks for its size again and again first holds its thread while it looks (see
    // computedWhileWaiting), however briefly, as a wait on the semaphore would.
    report.expect(
        computed < computedWhileWaitingBound,
        "while the \(callers) calls waited for their renderings, the process computed next to nothing (\(computed.humanReadable))",
        otherwise: "while the \(callers) calls at once waited for their renderings (each asleep 20 ms), the process computed \(computed.humanReadable): a call kept its thread busy instead of suspending (looking for the size again and again?); await the renderer")
    // A call handed to a thread that waits on the semaphore (a GCD queue's, say) finishes too,
    // but each holds a thread of its own while it waits: the rendering then runs in a task the
    // waiting thread started, outside the caller's (see `CountingRenderer.render`).
    let elsewhere = (0..<callers).map { "thumb-\($0).jpg" }.filter(renderer.outside.contains)
    report.expect(
        elsewhere.isEmpty, "each thumbnail was rendered in its caller's task (or one it started), not handed to another thread",
        otherwise: "\(elsewhere.count) of \(callers) renderings ran outside their caller's task, in tasks a thread's own code started: thumbnailSize handed the call to a thread that waits for it (the semaphore, on a thread of its own?); await the renderer in the caller")
}
