// alternative: the actor's own sync(_:_:) stores each rendering's size
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
            await self.sync(name, size)
            return size
        }
    }

    func thumbnail(_ name: String) async -> Int? {
        if let size = rendered[name] { return size }
        return await rendering[name]?.value
    }

    /// Brings the cache in sync with a finished rendering.
    private func sync(_ name: String, _ size: Int) {
        rendered[name] = size
        rendering[name] = nil
    }
}
