// mistake: renders again in thumbnail instead of awaiting the rendering already started
// expect: rendered twice
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
        if let size = rendered[name] { return size }
        let size = await render(name)
        store(name, size)
        return size
    }

    private func store(_ name: String, _ size: Int) { rendered[name] = size }
}
