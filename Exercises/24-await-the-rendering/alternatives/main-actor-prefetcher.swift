// alternative: the prefetcher a @MainActor class, as a view model would be; waiters kept and resumed on the main actor
import LabCore

// The prefetcher lives on the main actor, as a view model would; renderings run detached and
// report back on the main actor, where waiters are kept per name and resumed as each one ends.

@MainActor
final class ThumbnailPrefetcher {
    private var rendered: [String: Int] = [:]
    private var rendering: Set<String> = []
    private var waiters: [String: [CheckedContinuation<Int?, Never>]] = [:]
    private let render: @Sendable (String) async -> Int

    nonisolated init(render: @escaping @Sendable (String) async -> Int) {
        self.render = render
    }

    func prefetch(_ name: String) {
        guard !rendering.contains(name), rendered[name] == nil else { return }
        rendering.insert(name)
        let render = self.render
        Task.detached { [weak self] in
            let size = await render(name)
            await self?.finish(name, size)
        }
    }

    func thumbnail(_ name: String) async -> Int? {
        if let size = rendered[name] { return size }
        guard rendering.contains(name) else { return nil }
        return await withCheckedContinuation { waiters[name, default: []].append($0) }
    }

    private func finish(_ name: String, _ size: Int) {
        rendered[name] = size
        rendering.remove(name)
        for waiter in waiters.removeValue(forKey: name) ?? [] { waiter.resume(returning: size) }
    }
}
