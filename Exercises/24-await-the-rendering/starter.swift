import LabCore

// Exercise 24 · testing-async · Wait for the rendering, not for a while
//
// prefetch(name) starts rendering a thumbnail in a task and returns at once, as a view's
// onAppear would. thumbnail(name) is what the gallery and its tests call for the result,
// and it sleeps 20 ms and hopes: on a busy machine the rendering takes longer, and it
// returns nil. Its test passes on a laptop and fails on CI.
//
// TODO: make thumbnail(name) return the rendered size as soon as the rendering that
// prefetch started has finished, however long that takes, without rendering it again.
// For a name that was never prefetched, return nil at once.

actor ThumbnailPrefetcher {
    private var rendered: [String: Int] = [:]
    private let render: @Sendable (String) async -> Int

    init(render: @escaping @Sendable (String) async -> Int) {
        self.render = render
    }

    func prefetch(_ name: String) {
        Task {
            let size = await render(name)
            store(name, size)
        }
    }

    func thumbnail(_ name: String) async -> Int? {
        try? await Task.sleep(for: .milliseconds(20))
        return rendered[name]
    }

    private func store(_ name: String, _ size: Int) {
        rendered[name] = size
    }
}
