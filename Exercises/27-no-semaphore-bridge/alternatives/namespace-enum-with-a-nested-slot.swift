// alternative: a namespace enum whose async static size(for:render:) is awaited, beside a nested slot whose blocking property is also named size and the old bridge kept as blockingSize
import Dispatch
import LabCore
import Synchronization

/// The gallery's thumbnail sizes, for both kinds of caller.
enum Gallery {
    /// Where a rendering task leaves its size for a synchronous caller waiting on it.
    final class Slot: Sendable {
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

    /// For old synchronous callers on threads of their own.
    static func blockingSize(for name: String, render: @escaping @Sendable (String) async -> Int) -> Int {
        let slot = Slot()
        Task { slot.fill(await render(name)) }
        return slot.size
    }

    /// For async callers: suspends while the renderer works.
    static func size(for name: String, render: @escaping @Sendable (String) async -> Int) async -> Int {
        await render(name)
    }
}

func thumbnailSizeBlocking(for name: String, render: @escaping @Sendable (String) async -> Int) -> Int {
    Gallery.blockingSize(for: name, render: render)
}

func thumbnailSize(for name: String, render: @escaping @Sendable (String) async -> Int) async -> Int {
    await Gallery.size(for: name, render: render)
}
