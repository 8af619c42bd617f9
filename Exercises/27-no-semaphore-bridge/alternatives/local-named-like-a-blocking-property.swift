// alternative: a thumbnail type keeping a blocking size property for synchronous callers; thumbnailSize awaits its async renderedSize into a local named size
import Dispatch
import LabCore
import Synchronization

// A thumbnail type for both kinds of caller: synchronous ones read its blocking size,
// async code awaits renderedSize (the local size below is not the property).

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

/// One thumbnail: async callers await its rendered size; old synchronous callers read `size`.
struct Thumbnail: Sendable {
    let name: String
    let render: @Sendable (String) async -> Int

    /// For the old synchronous callers, on threads of their own.
    var size: Int { thumbnailSizeBlocking(for: name, render: render) }

    var renderedSize: Int {
        get async { await render(name) }
    }
}

func thumbnailSize(for name: String, render: @escaping @Sendable (String) async -> Int) async -> Int {
    let thumbnail = Thumbnail(name: name, render: render)
    let size = await thumbnail.renderedSize
    return size
}
