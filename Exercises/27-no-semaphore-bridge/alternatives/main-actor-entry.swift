import Dispatch
import LabCore
import Synchronization

// alternative: thumbnailSize isolated to the main actor, as a view model's method would be: each
// call hops there and suspends in the await, holding no thread, so the renderings still overlap

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

@MainActor
func thumbnailSize(for name: String, render: @escaping @Sendable (String) async -> Int) async -> Int {
    await render(name)
}
