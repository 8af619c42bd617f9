import LabCore

// Keeps only the tasks: a finished task's value comes at once, so no dictionary of sizes is needed.
actor ThumbnailPrefetcher {
    private var rendering: [String: Task<Int, Never>] = [:]
    private let render: @Sendable (String) async -> Int

    init(render: @escaping @Sendable (String) async -> Int) {
        self.render = render
    }

    func prefetch(_ name: String) {
        guard rendering[name] == nil else { return }
        let render = self.render
        rendering[name] = Task.detached { await render(name) }
    }

    func thumbnail(_ name: String) async -> Int? {
        guard let task = rendering[name] else { return nil }
        return await task.value
    }
}
