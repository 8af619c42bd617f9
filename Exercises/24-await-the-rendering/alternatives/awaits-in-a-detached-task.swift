// alternative: thumbnail awaits the rendering from a detached task of its own; waiting, not polling, wherever it waits
import LabCore

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
        if let size = rendered[name] { return size }
        guard let task = rendering[name] else { return nil }
        return await Task.detached { await task.value }.value
    }

    private func store(_ name: String, _ size: Int) {
        rendered[name] = size
    }
}
