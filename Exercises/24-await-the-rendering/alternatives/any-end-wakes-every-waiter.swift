// alternative: one list of waiters that any rendering's end wakes; each looks again until its name's size is in
import LabCore

actor ThumbnailPrefetcher {
    private var rendered: [String: Int] = [:]
    private var started: Set<String> = []
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private let render: @Sendable (String) async -> Int

    init(render: @escaping @Sendable (String) async -> Int) {
        self.render = render
    }

    func prefetch(_ name: String) {
        guard !started.contains(name) else { return }
        started.insert(name)
        Task {
            let size = await render(name)
            store(name, size)
        }
    }

    func thumbnail(_ name: String) async -> Int? {
        if let size = rendered[name] { return size }
        guard started.contains(name) else { return nil }
        while rendered[name] == nil {
            await withCheckedContinuation { waiters.append($0) }
        }
        return rendered[name]
    }

    private func store(_ name: String, _ size: Int) {
        rendered[name] = size
        let woken = waiters
        waiters = []
        for waiter in woken { waiter.resume() }
    }
}
