// alternative: prefetch declared async (it awaits nothing), the solution otherwise
import LabCore

// Keeps the task prefetch starts and awaits its value; prefetch is async, though it awaits nothing.

actor ThumbnailPrefetcher {
    private var rendered: [String: Int] = [:]
    private var rendering: [String: Task<Int, Never>] = [:]
    private let render: @Sendable (String) async -> Int

    init(render: @escaping @Sendable (String) async -> Int) {
        self.render = render
    }

    func prefetch(_ name: String) async {
        guard rendering[name] == nil else { return }
        rendering[name] = Task {
            let size = await render(name)
            store(name, size)
            return size
        }
    }

    func thumbnail(_ name: String) async -> Int? {
        if let size = rendered[name] { return size }
        return await rendering[name]?.value
    }

    private func store(_ name: String, _ size: Int) {
        rendered[name] = size
    }
}
