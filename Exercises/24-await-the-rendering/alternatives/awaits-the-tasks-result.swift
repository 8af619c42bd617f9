import LabCore

// Exercise 24 · solution: keep the task prefetch starts, and await its value.

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

    func thumbnail(_ name: String) async -> Int? {
        // The task's result, a Result that cannot fail: get() throws nothing.
        if let size = rendered[name] { return size }
        guard let task = rendering[name] else { return nil }
        return await task.result.get()
    }

    private func store(_ name: String, _ size: Int) {
        rendered[name] = size
    }
}
