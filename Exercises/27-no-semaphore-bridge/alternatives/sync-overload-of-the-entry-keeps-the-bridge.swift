// alternative: the old bridge kept as a synchronous overload of thumbnailSize itself, beside the async one (async callers run only the async one)
import Dispatch
import LabCore
import Synchronization

// The old name, kept for synchronous callers: a synchronous thumbnailSize that blocks
// its own thread, beside the async one that async callers run.

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

/// The old name for synchronous callers, on threads of their own: the blocking bridge.
func thumbnailSize(for name: String, render: @escaping @Sendable (String) async -> Int) -> Int {
    thumbnailSizeBlocking(for: name, render: render)
}

func thumbnailSize(for name: String, render: @escaping @Sendable (String) async -> Int) async -> Int {
    await render(name)
}
