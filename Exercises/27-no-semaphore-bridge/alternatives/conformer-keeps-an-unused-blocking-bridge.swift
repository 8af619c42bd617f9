// alternative: a CustomStringConvertible renderer type whose async size(for:) thumbnailSize awaits, keeping the old blocking bridge as a plain method nobody calls (description is all the protocol can call)
import Dispatch
import LabCore
import Synchronization

// A renderer type for both kinds of caller: async code awaits size(for:); the old
// synchronous callers elsewhere keep blockingSize(for:), which nothing here calls.

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

/// The gallery's renderer, as one value: async callers await it; old synchronous
/// callers elsewhere in the app keep the blocking bridge.
struct Thumbnailer: Sendable, CustomStringConvertible {
    let render: @Sendable (String) async -> Int

    var description: String { "Thumbnailer" }

    /// For the old synchronous callers only (they run on threads of their own).
    func blockingSize(for name: String) -> Int {
        thumbnailSizeBlocking(for: name, render: render)
    }

    func size(for name: String) async -> Int {
        await render(name)
    }
}

func thumbnailSize(for name: String, render: @escaping @Sendable (String) async -> Int) async -> Int {
    await Thumbnailer(render: render).size(for: name)
}
