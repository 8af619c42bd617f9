// alternative: the solution, with thumbnail first awaiting a main-actor function (a hop from the actor to the main actor and back: the runtime hands the watch the idle actor's turn, not the task; refused as woken from outside in 10 of 12 crowded runs before helper 168's fix)
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
        return await rendering[name]?.value
    }

    private func store(_ name: String, _ size: Int) {
        rendered[name] = size
    }
}
