// alternative: callers that arrive early leave a continuation; the rendering resumes them all
import LabCore

actor ThumbnailPrefetcher {
    private var rendered: [String: Int] = [:]
    private var started: Set<String> = []
    private var waiting: [String: [CheckedContinuation<Int, Never>]] = [:]
    private let render: @Sendable (String) async -> Int

    init(render: @escaping @Sendable (String) async -> Int) {
        self.render = render
    }

    func prefetch(_ name: String) {
        guard started.insert(name).inserted else { return }
        Task {
            let size = await render(name)
            store(name, size)
        }
    }

    func thumbnail(_ name: String) async -> Int? {
        if let size = rendered[name] { return size }
        guard started.contains(name) else { return nil }
        return await withCheckedContinuation { waiting[name, default: []].append($0) }
    }

    private func store(_ name: String, _ size: Int) {
        rendered[name] = size
        for continuation in waiting.removeValue(forKey: name) ?? [] { continuation.resume(returning: size) }
    }
}
