// alternative: one state per name, an enum: rendering (its task) or done (its size)
import LabCore

actor ThumbnailPrefetcher {
    private enum State {
        case rendering(Task<Int, Never>)
        case done(Int)
    }
    private var states: [String: State] = [:]
    private let render: @Sendable (String) async -> Int

    init(render: @escaping @Sendable (String) async -> Int) {
        self.render = render
    }

    func prefetch(_ name: String) {
        guard states[name] == nil else { return }
        let render = self.render
        states[name] = .rendering(Task { await render(name) })
    }

    func thumbnail(_ name: String) async -> Int? {
        switch states[name] {
        case nil:
            return nil
        case .done(let size):
            return size
        case .rendering(let task):
            let size = await task.value
            states[name] = .done(size)
            return size
        }
    }
}
