// alternative: a Sendable value whose async callAsFunction awaits the renderer, beside the old bridge
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

struct SizeOf: Sendable {
    let render: @Sendable (String) async -> Int
    func callAsFunction(_ name: String) async -> Int { await render(name) }
}

func thumbnailSize(for name: String, render: @escaping @Sendable (String) async -> Int) async -> Int {
    let sizeOf = SizeOf(render: render)
    return await sizeOf(name)
}
