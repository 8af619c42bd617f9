import Foundation
import LabCore

/// How a batch spreads its work over threads of its own (builds and runs hold a thread for
/// seconds each, so never the cooperative pool's). Synchronous: the caller is itself a
/// thread of the grader's (`BatchGrading.gradeBlocking`), never an async context.
enum WorkerThreads {
    /// Calls `body` for 0..<count on `workers` threads, and returns when all are done.
    static func parallel(_ count: Int, workers: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let next = Locked(0)
        let group = DispatchGroup()
        for _ in 0..<min(workers, count) {
            group.enter()
            start {
                while true {
                    let slot = next.withLock {
                        $0 += 1
                        return $0 - 1
                    }
                    guard slot < count else { break }
                    body(slot)
                }
                group.leave()
            }
        }
        group.wait()
    }

    /// The stack each worker gets: the scan of an answer follows its nesting with calls of its own
    /// (at most `NestingDepth.deepest` levels: about 1 MB of a debug build's stack), and a thread's
    /// default stack is 512 KB on a Mac (8 MB here, from `ulimit -s`), so it is set, the same on both.
    static let stackSize = 8 << 20

    /// `body` on a thread of its own with `stackSize` of stack.
    private static func start(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.stackSize = stackSize
        thread.start()
    }

    /// Calls `body` for each item `items` hands over, in order, as it comes (until it is closed), `workers` at a time, except that a call still
    /// running after `release` stops counting against `workers`: the next one starts beside
    /// it (`ceiling` calls at most in all). For checks: most take under a second, but one
    /// that hangs is stopped only at its time limit (10–15 s), waiting, not computing; counted
    /// as a worker until then, the ten such known answers held the run phase of `lab exercises
    /// --verify` for most of its length while the CPUs were idle (docs/MEASUREMENTS.md,
    /// "Grading loops"). A check that computes past `release` is, for the others, what a busy
    /// machine is, which every check is made to withstand.
    ///
    /// `workersOnceClosed`: as many workers from the moment `items` is closed, when what made the
    /// items (the builds, computing on every CPU) has ended and their CPUs are the calls' (at most
    /// `ceiling`, or `ceilingOnceClosed` from then on where it is higher).
    static func staggered(
        _ items: HandOff, workers: Int, release: Duration, ceiling: Int, workersOnceClosed: Int? = nil,
        ceilingOnceClosed: Int? = nil, _ body: @escaping @Sendable (Int) -> Void
    ) {
        let slots = DispatchSemaphore(value: max(1, workers))
        let startingRoom = max(workers, ceiling, 1)
        let room = DispatchSemaphore(value: startingRoom)
        let roomOnceClosed = max(startingRoom, ceilingOnceClosed ?? 0)
        if roomOnceClosed > startingRoom {
            items.whenClosed { for _ in startingRoom..<roomOnceClosed { room.signal() } }
        }
        if let widened = workersOnceClosed.map({ min($0, roomOnceClosed) }), widened > max(1, workers) {
            items.whenClosed { for _ in max(1, workers)..<widened { slots.signal() } }
        }
        let group = DispatchGroup()
        while let item = items.next() {
            room.wait()
            slots.wait()
            group.enter()
            // The slot goes back once: at `release`, or at the end if that comes first.
            let holdsSlot = Locked(true)
            let giveBack: @Sendable () -> Void = {
                let held = holdsSlot.withLock { held in
                    defer { held = false }
                    return held
                }
                if held { slots.signal() }
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + release.seconds, execute: giveBack)
            start {
                body(item)
                giveBack()
                room.signal()
                group.leave()
            }
        }
        group.wait()
    }

    /// Items handed from the threads that make them to one that takes them, in order; `next()`
    /// waits for one, and answers nil once the queue is closed and empty.
    final class HandOff: Sendable {
        private let state: Locked<(items: [Int], closed: Bool, onClose: [@Sendable () -> Void])>
        private let available = DispatchSemaphore(value: 0)

        init() { state = Locked(([], false, [])) }

        /// Already holding every item there will be.
        init(closedWith items: [Int]) { state = Locked((Array(items), true, [])) }

        func push(_ item: Int) {
            state.withLock { $0.items.append(item) }
            available.signal()
        }

        /// No more items: a `next()` waiting, or to come, answers nil once the rest are taken.
        func close() {
            let handlers = state.withLock { state -> [@Sendable () -> Void] in
                state.closed = true
                defer { state.onClose = [] }
                return state.onClose
            }
            for handler in handlers { handler() }
            available.signal()
        }

        /// Calls `handler` once the queue is closed: now, if it is already.
        func whenClosed(_ handler: @escaping @Sendable () -> Void) {
            let now = state.withLock { state -> Bool in
                if !state.closed { state.onClose.append(handler) }
                return state.closed
            }
            if now { handler() }
        }

        func next() -> Int? {
            while true {
                let taken = state.withLock { state -> (item: Int?, closed: Bool) in
                    state.items.isEmpty ? (nil, state.closed) : (state.items.removeFirst(), false)
                }
                if let item = taken.item { return item }
                if taken.closed {
                    available.signal()  // for another taker, should there be one
                    return nil
                }
                available.wait()
            }
        }
    }
}
