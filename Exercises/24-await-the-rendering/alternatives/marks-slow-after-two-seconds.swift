// alternative: awaits the rendering's task, and a task of its own marks the thumbnail slow after 2 s (a spinner), cancelled on return: not a timeout, it answers nothing (a review's)

// Exercise 24 · awaits the rendering, marks it slow after 2 s (a spinner): keep the task prefetch starts, and await its value.

actor ThumbnailPrefetcher {
    private var rendered: [String: Int] = [:]
    private var rendering: [String: Task<Int, Never>] = [:]
    private let render: @Sendable (String) async -> Int

    init(render: @escaping @Sendable (String) async -> Int) {
        self.render = render
    }

    func prefetch(_ name: String) {
        guard rendering[name] == nil else { return }
        rendering[name] = Task {
            let size = await render(name)
            store(name, size)
            return size
        }
    }

    private(set) var slow: Set<String> = []

    func thumbnail(_ name: String) async -> Int? {
        if let size = rendered[name] { return size }
        guard let task = rendering[name] else { return nil }
        // A spinner for a thumbnail still not there after 2 s; the wait itself is the rendering's.
        let notice = Task { [weak self] in
            guard (try? await Task.sleep(for: .seconds(2))) != nil else { return }
            await self?.markSlow(name)
        }
        defer { notice.cancel() }
        return await task.value
    }

    private func markSlow(_ name: String) { slow.insert(name) }

    private func store(_ name: String, _ size: Int) {
        rendered[name] = size
    }
}
