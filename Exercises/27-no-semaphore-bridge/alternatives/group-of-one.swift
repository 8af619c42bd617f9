import Dispatch
import LabCore
import Synchronization

// alternative: the rendering in a task group of one child, awaited

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
    await withTaskGroup(of: Int.self) { group in
        group.addTask { await render(name) }
        return await group.next() ?? 0
    }
}
