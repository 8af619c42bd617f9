// mistake: yields a few times instead of sleeping, and still hopes
// expect: returned nil while the rendering was still going
import LabCore

actor ThumbnailPrefetcher {
    private var rendered: [String: Int] = [:]
    private let render: @Sendable (String) async -> Int

    init(render: @escaping @Sendable (String) async -> Int) { self.render = render }

    func prefetch(_ name: String) {
        Task {
            let size = await render(name)
            store(name, size)
        }
    }

    func thumbnail(_ name: String) async -> Int? {
        for _ in 0..<10 { await Task.yield() }
        return rendered[name]
    }

    private func store(_ name: String, _ size: Int) { rendered[name] = size }
}
