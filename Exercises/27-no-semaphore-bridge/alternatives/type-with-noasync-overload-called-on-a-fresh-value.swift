// alternative: a type with a noasync blocking size(for:) and an async overload, awaited on a value just made (await Thumbnails(render: render).size(for: name))
import Dispatch
import LabCore
import Synchronization

// The gallery's thumbnail sizes, one type for both kinds of caller: the old synchronous
// one (blocks its own thread) and async code (awaits the renderer, Swift picks this overload).

/// Where a rendering task leaves its result for the thread waiting on the semaphore.
final class SizeSlot: Sendable {
    let size = Mutex(0)
}

struct Thumbnails: Sendable {
    let render: @Sendable (String) async -> Int

    /// For synchronous callers on threads of their own: waits on a semaphore.
    @available(*, noasync, message: "await size(for:) instead")
    func size(for name: String) -> Int {
        let semaphore = DispatchSemaphore(value: 0)
        let slot = SizeSlot()
        let render = self.render
        Task {
            let size = await render(name)
            slot.size.withLock { $0 = size }
            semaphore.signal()
        }
        semaphore.wait()
        return slot.size.withLock { $0 }
    }

    /// For async callers: suspends while the renderer works.
    func size(for name: String) async -> Int {
        await render(name)
    }
}

func thumbnailSizeBlocking(for name: String, render: @escaping @Sendable (String) async -> Int) -> Int {
    Thumbnails(render: render).size(for: name)
}

func thumbnailSize(for name: String, render: @escaping @Sendable (String) async -> Int) async -> Int {
    await Thumbnails(render: render).size(for: name)
}
