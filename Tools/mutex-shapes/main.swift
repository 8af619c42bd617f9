// Same process, interleaved batches: the independent check's loop shape against the
// harness's (a call per increment into MutexCounter, in another module, on a heap object).
import Counter
import Dispatch
import Synchronization

final class MutexBox: Sendable { let mutex = Mutex(0) }
@inline(never) func escape(_ box: MutexBox) -> MutexBox { box }

func nanoseconds(_ d: Duration) -> Double {
    Double(d.components.seconds) * 1e9 + Double(d.components.attoseconds) / 1e9
}

func measure() {
    let count = 2_000_000
    let clock = ContinuousClock()
    let heapBox = escape(MutexBox())
    let counter = MutexCounter()
    var stackTimes: [Double] = [], heapTimes: [Double] = [], callTimes: [Double] = []
    for round in -1..<41 {
        for shape in 0..<3 {
            let start = clock.now
            switch (shape + max(round, 0)) % 3 {
            case 0:
                let box = MutexBox()
                for _ in 0..<count { box.mutex.withLock { $0 += 1 } }
                precondition(box.mutex.withLock { $0 } == count)
                if round >= 0 { stackTimes.append(nanoseconds(clock.now - start) / Double(count)) }
            case 1:
                for _ in 0..<count { heapBox.mutex.withLock { $0 += 1 } }
                if round >= 0 { heapTimes.append(nanoseconds(clock.now - start) / Double(count)) }
            default:
                for _ in 0..<count { counter.increment() }
                if round >= 0 { callTimes.append(nanoseconds(clock.now - start) / Double(count)) }
            }
        }
    }
    func median(_ values: [Double]) -> Double { (values.sorted()[values.count / 2] * 100).rounded() / 100 }
    print("inline, stack-promoted box \(median(stackTimes)) ns | inline, heap box \(median(heapTimes)) ns | call per increment (harness shape) \(median(callTimes)) ns")
}

/// `mutex-shapes SHAPE COUNT`: one shape, once, for callgrind (0 stack, 1 heap, 2 call).
@inline(never) func once(_ shape: Int, _ count: Int) {
    let heapBox = escape(MutexBox())
    let counter = MutexCounter()
    switch shape {
    case 0:
        let box = MutexBox()
        for _ in 0..<count { box.mutex.withLock { $0 += 1 } }
        precondition(box.mutex.withLock { $0 } == count)
    case 1: for _ in 0..<count { heapBox.mutex.withLock { $0 += 1 } }
    default: for _ in 0..<count { counter.increment() }
    }
}

let arguments = CommandLine.arguments
if arguments.count == 3, let shape = Int(arguments[1]), let count = Int(arguments[2]) {
    once(shape, count)
} else {
    let finished = DispatchSemaphore(value: 0)
    Task.detached {
        measure()
        finished.signal()
    }
    finished.wait()
}
