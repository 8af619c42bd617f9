/// A cache that renders thumbnails in the background: `prefetch` returns at once and an
/// unstructured task does the work, which is what makes its tests tempting to write badly.
public actor ThumbnailCache {
    public private(set) var rendered: [String: Int] = [:]
    private var work: [String: Task<Int, Never>] = [:]

    public init() {}

    /// Starts rendering and returns before it is done (as a view's onAppear would).
    public func prefetch(_ name: String, cost: Int) {
        guard work[name] == nil else { return }
        // Rendered off the actor, so reading the cache meanwhile does not wait for it.
        work[name] = Task.detached {
            let size = Self.checksum(rounds: cost)
            await self.store(name, size)
            return size
        }
    }

    /// The rendered size, once the rendering started by `prefetch` has finished.
    public func thumbnail(_ name: String) async -> Int? {
        guard let task = work[name] else { return rendered[name] }
        return await task.value
    }

    private func store(_ name: String, _ size: Int) { rendered[name] = size }

    /// CPU work standing in for decoding and scaling an image.
    static func checksum(rounds: Int) -> Int {
        var value: UInt64 = 14_695_981_039_346_656_037
        for round in 0..<rounds { value = (value ^ UInt64(round & 0xff)) &* 1_099_511_628_211 }
        return Int(value % 10_000) + 1
    }
}
