// mistake: sleeps longer (a second) and hopes again
// expect: await the rendering itself
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
        try? await Task.sleep(for: .seconds(1))
        return rendered[name]
    }

    private func store(_ name: String, _ size: Int) { rendered[name] = size }
}
