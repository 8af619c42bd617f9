// mistake: polls until a size appears, which never happens for a name never prefetched
// expect: never prefetched
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
        while rendered[name] == nil { try? await Task.sleep(for: .milliseconds(5)) }
        return rendered[name]
    }

    private func store(_ name: String, _ size: Int) { rendered[name] = size }
}
