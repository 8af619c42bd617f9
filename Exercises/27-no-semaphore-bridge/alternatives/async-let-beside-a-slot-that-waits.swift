// alternative: async let, beside the old API kept noasync whose slot's computed size blocks (a local `size` beside the property of that name)
import Dispatch
import LabCore
import Synchronization

// The async path starts the rendering with async let and awaits it (the catalogued
// alternative). The old synchronous API stays, tidied: its slot now waits for its own size.

/// Where a rendering task leaves its result for the thread waiting on it.
final class SizeSlot: Sendable {
    private let filled = DispatchSemaphore(value: 0)
    private let stored = Mutex(0)

    func fill(_ value: Int) {
        stored.withLock { $0 = value }
        filled.signal()
    }

    /// The size, once the rendering has left it: blocks until then (synchronous callers only).
    var size: Int {
        filled.wait()
        return stored.withLock { $0 }
    }
}

@available(*, noasync, message: "await thumbnailSize(for:render:) instead")
func thumbnailSizeBlocking(for name: String, render: @escaping @Sendable (String) async -> Int) -> Int {
    let slot = SizeSlot()
    Task { slot.fill(await render(name)) }
    return slot.size
}

func thumbnailSize(for name: String, render: @escaping @Sendable (String) async -> Int) async -> Int {
    async let size = render(name)
    return await size
}
