import Foundation
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// The code under test, as the stress fixture has it (Tools/stress-fixture): a cache whose
/// `prefetch` returns at once and renders in an unstructured task, as a view's onAppear would.
actor BackgroundRenderer {
    private(set) var rendered: [String: Int] = [:]
    /// Names whose rendering has begun: the signal a test may wrongly wait for.
    private(set) var started: Set<String> = []
    private var work: [String: Task<Int, Never>] = [:]
    let renderTime: Duration

    init(renderTime: Duration) { self.renderTime = renderTime }

    func prefetch(_ name: String) {
        guard work[name] == nil else { return }
        let renderTime = renderTime
        // Off the actor, so a test reading `rendered` meanwhile does not wait for it.
        work[name] = Task.detached {
            await self.markStarted(name)
            let size = Int(CPUWork.burn(for: renderTime) % 10_000) + 1
            await self.store(name, size)
            return size
        }
    }

    /// The exact event: the rendering `prefetch` started, awaited to its end.
    func thumbnail(_ name: String) async -> Int? {
        guard let task = work[name] else { return rendered[name] }
        return await task.value
    }

    private func store(_ name: String, _ size: Int) { rendered[name] = size }
    private func markStarted(_ name: String) { started.insert(name) }
}

/// The two tests the lesson runs many times, each returning whether it passed.
enum RendererTests {
    /// Sleeps for `wait` and hopes the rendering is done by then.
    static func sleepsAndHopes(renderTime: Duration, wait: Duration) async -> Bool {
        let cache = BackgroundRenderer(renderTime: renderTime)
        await cache.prefetch("moon.jpg")
        try? await Task.sleep(for: wait)
        return await cache.rendered["moon.jpg"] != nil
    }

    /// Waits for a signal, but the wrong one: that the rendering has started.
    static func waitsForTheStart(renderTime: Duration) async -> Bool {
        let cache = BackgroundRenderer(renderTime: renderTime)
        await cache.prefetch("moon.jpg")
        while await !cache.started.contains("moon.jpg") { await Task.yield() }
        return await cache.rendered["moon.jpg"] != nil
    }

    /// Awaits the rendering itself.
    static func awaitsTheEvent(renderTime: Duration) async -> Bool {
        let cache = BackgroundRenderer(renderTime: renderTime)
        await cache.prefetch("moon.jpg")
        let size = await cache.thumbnail("moon.jpg")
        let stored = await cache.rendered["moon.jpg"]
        return size != nil && stored == size
    }
}
