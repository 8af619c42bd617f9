import Testing
import Thumbnails

/// One test that hopes and its fixed twin. Both check the same thing: after prefetch, the
/// thumbnail is rendered.
@Suite struct ThumbnailCacheTests {
    /// Flaky on purpose: it sleeps and hopes the background rendering (a few milliseconds on an
    /// idle machine) is done by then. On a busy machine or one CPU the rendering task may not
    /// even have started, and the test fails.
    @Test func sleepsAndHopes() async throws {
        let cache = ThumbnailCache()
        await cache.prefetch("moon.jpg", cost: 800_000)
        try await Task.sleep(for: .milliseconds(15))
        #expect(await cache.rendered["moon.jpg"] != nil, "not rendered 15 ms after prefetch")
    }

    /// The fix: await the exact event (the rendering the prefetch started), not a duration.
    @Test func awaitsTheRendering() async throws {
        let cache = ThumbnailCache()
        await cache.prefetch("moon.jpg", cost: 800_000)
        let size = await cache.thumbnail("moon.jpg")
        #expect(size != nil)
        #expect(await cache.rendered["moon.jpg"] == size)
    }
}
