// An independent check of three `lab bench` figures, sharing no code with the
// lab: task create + await, an uncontended actor call, an uncontended Mutex
// increment. Off the main actor (a Task {} made on the main actor costs ~20×
// more on Linux), median of 41 batches of about 10 ms each, after a warm-up.
// Build and run: Tools/independent-check/run.sh
import CounterLibrary
import Dispatch
import Synchronization

actor VisibleCounter {
    var value = 0
    func increment() { value += 1 }
}

final class MutexBox: Sendable {
    let mutex = Mutex(0)
}

@inline(never) func one() async -> Int { 1 }

func nanoseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
}

/// Median nanoseconds per operation over 41 timed batches of `count` operations.
func perOperation(_ count: Int, _ body: (Int) async -> Void) async -> Double {
    await body(count / 10)
    let clock = ContinuousClock()
    var times: [Double] = []
    for _ in 0..<41 {
        let start = clock.now
        await body(count)
        times.append(nanoseconds(clock.now - start) / Double(count))
    }
    return times.sorted()[times.count / 2]
}

func measureAll() async {
    let task = await perOperation(8_000) { count in
        var sum = 0
        for _ in 0..<count { sum += await Task { await one() }.value }
        precondition(sum == count)
    }
    let visible = await perOperation(800_000) { count in
        let counter = VisibleCounter()
        for _ in 0..<count { await counter.increment() }
        let final = await counter.value
        precondition(final == count)
    }
    let library = await perOperation(400_000) { count in
        let counter = LibraryCounter()
        for _ in 0..<count { await counter.increment() }
        let final = await counter.value
        precondition(final == count)
    }
    let box = MutexBox()
    let mutex = await perOperation(2_000_000) { count in
        for _ in 0..<count { box.mutex.withLock { $0 += 1 } }
    }
    print("task create+await \(Int(task)) ns | actor call \(visible.rounded(toPlaces: 2)) ns (across a library boundary \(library.rounded(toPlaces: 2)) ns) | Mutex \(mutex.rounded(toPlaces: 2)) ns")
}

extension Double {
    func rounded(toPlaces places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (self * scale).rounded() / scale
    }
}

let finished = DispatchSemaphore(value: 0)
Task.detached {
    await measureAll()
    finished.signal()
}
finished.wait()
