// alternative: an async overload taking a non-escaping closure, awaited, beside a synchronous one taking an @escaping @Sendable closure that calls the old bridge (Swift picks the async one)
import Dispatch
import LabCore
import Synchronization

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

/// A rendered size for synchronous code (old callers on threads of their own): blocks until it is done.
func renderedSize(of name: String, using render: @escaping @Sendable (String) async -> Int) -> Int {
    thumbnailSizeBlocking(for: name, render: render)
}

/// A rendered size for async code: suspends while the renderer works (the closure need not escape).
func renderedSize(of name: String, using render: (String) async -> Int) async -> Int {
    await render(name)
}

func thumbnailSize(for name: String, render: @escaping @Sendable (String) async -> Int) async -> Int {
    await renderedSize(of: name, using: render)
}
