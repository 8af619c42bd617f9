// alternative: thumbnail notes the request on the main actor, then awaits the rendering's task through an async let beside another main-actor note, whose child ends there and wakes it while the rendering is held (refused as woken from outside before helper 168's fix)
import LabCore

@MainActor func noteAsked() -> Int {
    1
}

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
            store(name, size)
            return size
        }
    }

    func thumbnail(_ name: String) async -> Int? {
        _ = await noteAsked()
        if let size = rendered[name] { return size }
        guard let task = rendering[name] else { return nil }
        async let size = task.value
        async let asked = noteAsked()
        _ = await asked
        return await size
    }

    private func store(_ name: String, _ size: Int) {
        rendered[name] = size
    }
}
