// alternative: thumbnail nonisolated, asking the actor twice (each a hop onto it and back) before it awaits the rendering
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

    nonisolated func thumbnail(_ name: String) async -> Int? {
        if let size = await cachedSize(name) { return size }
        guard let task = await renderingTask(name) else { return nil }
        return await task.value
    }

    private func cachedSize(_ name: String) -> Int? { rendered[name] }

    private func renderingTask(_ name: String) -> Task<Int, Never>? { rendering[name] }

    private func store(_ name: String, _ size: Int) {
        rendered[name] = size
    }
}
