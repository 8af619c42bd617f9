// alternative: the first tap returns 60 ms late, as a thread stalled by a busy machine would: it still did not wait for the work
// permits: kept state
import LabCore
import Synchronization

let tapsSoFar = Mutex(0)

func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {
    let task = Task { await model.doSomething() }
    let tap = tapsSoFar.withLock { count in
        count += 1
        return count
    }
    if tap == 1 {
        let stalled = ContinuousClock.now + .milliseconds(60)
        while ContinuousClock.now < stalled {}
    }
    return task
}
