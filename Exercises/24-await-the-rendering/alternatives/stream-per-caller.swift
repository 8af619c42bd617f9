import LabCore

actor ThumbnailPrefetcher {
    private var rendered: [String: Int] = [:]
    private var rendering: [String: Task<Int, Never>] = [:]
    private let render: @Sendable (String) async -> Int
    private var listeners: [String: [AsyncStream<Int>.Continuation]] = [:]

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
        // Each caller listens on a stream of its own; the rendering's end sends to them all.
        if let size = rendered[name] { return size }
        guard rendering[name] != nil else { return nil }
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        listeners[name, default: []].append(continuation)
        for await size in stream { return size }
        return rendered[name]
    }

    private func store(_ name: String, _ size: Int) {
        rendered[name] = size
        for listener in listeners.removeValue(forKey: name) ?? [] {
            listener.yield(size)
            listener.finish()
        }
    }
}
