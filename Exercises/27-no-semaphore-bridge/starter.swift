import Dispatch
import LabCore
import Synchronization

// Exercise 27 · from-gcd · Don't wait on a semaphore for async work
//
// The gallery's old synchronous API, thumbnailSizeBlocking, waits on a semaphore for
// the new async renderer. Old callers run on threads of their own, and for them it
// works. New async code calls it too, through thumbnailSize, from many tasks at once:
// each blocks a thread of the cooperative pool, and when every thread waits, the
// renderer's tasks have no thread to run on. The app hangs.
//
// TODO: make thumbnailSize(for:render:) never block a thread: async callers await the
// renderer. Keep thumbnailSizeBlocking working for the old synchronous callers.

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
    thumbnailSizeBlocking(for: name, render: render)
}
