import Dispatch
import LabCore
import Synchronization

// alternative: a task renders and yields the size into a stream the caller awaits

/// Where a rendering task leaves its result for the thread waiting on the semaphore.
final class SizeSlot: Sendable {
    let size = Mutex(0)
}

func thumbnailSizeBlocking(for name: String, render: @escaping @Sendable (String) async -> Int) -> Int {
    let semaphore = DispatchSemaphore(value: 0)
    let slot = SizeSlot()
    Task {
        let size = await render(name)
        slot.size.withLock { $0 = size }
        semaphore.signal()
    }
    semaphore.wait()
    return slot.size.withLock { $0 }
}

func thumbnailSize(for name: String, render: @escaping @Sendable (String) async -> Int) async -> Int {
    let (sizes, continuation) = AsyncStream<Int>.makeStream()
    let rendering = Task {
        continuation.yield(await render(name))
        continuation.finish()
    }
    var size = 0
    for await rendered in sizes { size = rendered }
    await rendering.value
    return size
}
