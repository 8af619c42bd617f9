// alternative: a picture's stored size set from an awaited gallery size(for:), beside the gallery's blocking overload of that name (picture.size is a property, not the method)
import Dispatch
import LabCore
import Synchronization

// The gallery's blocking size(for:) kept for synchronous callers; async code awaits its
// overload and keeps the result in a picture's stored size.

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

/// What the gallery knows of one picture.
struct Picture: Sendable {
    let name: String
    var size = 0
}

/// The gallery: async callers await `size(for:)`; old synchronous ones get the blocking one.
struct Gallery: Sendable {
    let render: @Sendable (String) async -> Int

    /// For the old synchronous callers only.
    func size(for name: String) -> Int { thumbnailSizeBlocking(for: name, render: render) }

    func size(for name: String) async -> Int { await render(name) }
}

func thumbnailSize(for name: String, render: @escaping @Sendable (String) async -> Int) async -> Int {
    let gallery = Gallery(render: render)
    var picture = Picture(name: name)
    picture.size = await gallery.size(for: picture.name)
    return picture.size
}
