// alternative: the gate's async wait() started with async let
// the gate-wait alternative, its wait() started with async let
import LabCore

/// One rendering's result, which any number of callers can wait for.
actor RenderingGate {
    private var size: Int?
    private var waiters: [CheckedContinuation<Int, Never>] = []

    func open(with size: Int) {
        self.size = size
        for waiter in waiters { waiter.resume(returning: size) }
        waiters.removeAll()
    }

    func wait() async -> Int {
        if let size { return size }
        return await withCheckedContinuation { waiters.append($0) }
    }
}

actor ThumbnailPrefetcher {
    private var gates: [String: RenderingGate] = [:]
    private let render: @Sendable (String) async -> Int

    init(render: @escaping @Sendable (String) async -> Int) {
        self.render = render
    }

    func prefetch(_ name: String) {
        guard gates[name] == nil else { return }
        let gate = RenderingGate()
        gates[name] = gate
        Task { [render] in
            let size = await render(name)
            await gate.open(with: size)
        }
    }

    func thumbnail(_ name: String) async -> Int? {
        guard let gate = gates[name] else { return nil }
        async let size = gate.wait()
        return await size
    }
}
