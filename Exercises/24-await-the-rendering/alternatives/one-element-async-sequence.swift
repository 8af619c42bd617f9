// alternative: the rendering's task is awaited through a tiny async sequence of one element, made per caller
import LabCore

struct OneSize: AsyncSequence, Sendable {
    let task: Task<Int, Never>
    struct AsyncIterator: AsyncIteratorProtocol {
        var task: Task<Int, Never>?
        mutating func next() async -> Int? {
            guard let current = task else { return nil }
            task = nil
            return await current.value
        }
    }
    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(task: task) }
}

actor ThumbnailPrefetcher {
    private var rendering: [String: Task<Int, Never>] = [:]
    private let render: @Sendable (String) async -> Int

    init(render: @escaping @Sendable (String) async -> Int) {
        self.render = render
    }

    func prefetch(_ name: String) {
        guard rendering[name] == nil else { return }
        let render = self.render
        rendering[name] = Task { await render(name) }
    }

    func thumbnail(_ name: String) async -> Int? {
        guard let task = rendering[name] else { return nil }
        for await size in OneSize(task: task) { return size }
        return nil
    }
}
