// alternative: a gate made of async closures (a struct of closures)
import LabCore

/// A one-shot gate in the "struct of closures" style: wait until it is opened.
struct RenderGate: Sendable {
    var wait: @Sendable () async -> Int
    var open: @Sendable (Int) async -> Void
}

actor GateState {
    private var size: Int?
    private var waiters: [CheckedContinuation<Int, Never>] = []

    func open(with size: Int) {
        self.size = size
        for waiter in waiters { waiter.resume(returning: size) }
        waiters.removeAll()
    }

    func value() async -> Int {
        if let size { return size }
        return await withCheckedContinuation { waiters.append($0) }
    }
}

extension RenderGate {
    static func make() -> RenderGate {
        let state = GateState()
        return RenderGate(wait: { await state.value() }, open: { await state.open(with: $0) })
    }
}

actor ThumbnailPrefetcher {
    private var gates: [String: RenderGate] = [:]
    private let render: @Sendable (String) async -> Int

    init(render: @escaping @Sendable (String) async -> Int) {
        self.render = render
    }

    func prefetch(_ name: String) {
        guard gates[name] == nil else { return }
        let gate = RenderGate.make()
        gates[name] = gate
        Task { [render] in
            let size = await render(name)
            await gate.open(size)
        }
    }

    func thumbnail(_ name: String) async -> Int? {
        guard let gate = gates[name] else { return nil }
        return await gate.wait()
    }
}
