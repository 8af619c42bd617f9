// alternative: a CustomStringConvertible request, a local actor's subscript read under await, a nested async function awaited with async let and a continuation resumed from a Task, beside the starter's kept bridge
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

/// One request for a thumbnail, as the log shows it.
struct SizeRequest: CustomStringConvertible, Sendable {
    let name: String
    var description: String { "size of \(name)" }
}

/// The sizes rendered so far, by name.
actor RenderedSizes {
    private var sizes: [String: Int] = [:]
    subscript(name: String) -> Int? { sizes[name] }
    func record(_ size: Int, for name: String) { sizes[name] = size }
}

func thumbnailSize(for name: String, render: @escaping @Sendable (String) async -> Int) async -> Int {
    let request = SizeRequest(name: name)
    let renderedSizes = RenderedSizes()
    func rendered() async -> Int {
        await withCheckedContinuation { continuation in
            Task { continuation.resume(returning: await render(request.name)) }
        }
    }
    async let size = rendered()
    let value = await size
    await renderedSizes.record(value, for: "\(request)")
    _ = await renderedSizes["\(request)"]
    return value
}
