import Synchronization

/// An image: a grey-scale grid of pixels.
public struct Image: Sendable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]

    /// A deterministic test pattern (no files needed).
    public static func pattern(width: Int, height: Int, seed: Int) -> Image {
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width { pixels[y * width + x] = UInt8(truncatingIfNeeded: x &* 31 &+ y &* 17 &+ seed &* 7) }
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    /// A thumbnail `factor` times smaller, each pixel the mean of a factor × factor box.
    public func thumbnail(factor: Int) -> Image {
        let newWidth = width / factor, newHeight = height / factor
        var out = [UInt8](repeating: 0, count: newWidth * newHeight)
        for y in 0..<newHeight {
            for x in 0..<newWidth {
                var sum = 0
                for dy in 0..<factor {
                    let row = (y * factor + dy) * width + x * factor
                    for dx in 0..<factor { sum += Int(pixels[row + dx]) }
                }
                out[y * newWidth + x] = UInt8(sum / (factor * factor))
            }
        }
        return Image(width: newWidth, height: newHeight, pixels: out)
    }
}

/// Two ways to make the thumbnails of a batch: the variants the benchmark compares.
public enum ThumbnailMaker {
    /// One image after another, on the caller's task.
    public static func oneAtATime(_ images: [Image], factor: Int) -> [Image] {
        images.map { $0.thumbnail(factor: factor) }
    }

    /// A child task per image, results put back in order.
    public static func taskGroup(_ images: [Image], factor: Int) async -> [Image] {
        await withTaskGroup(of: (Int, Image).self) { group in
            for (index, image) in images.enumerated() { group.addTask { (index, image.thumbnail(factor: factor)) } }
            var thumbnails = [Image?](repeating: nil, count: images.count)
            for await (index, thumbnail) in group { thumbnails[index] = thumbnail }
            return thumbnails.compactMap { $0 }
        }
    }
}

/// A cache of finished thumbnails by name, two ways: an actor, or a class guarded by a Mutex.
public actor ActorThumbnailCache {
    private var stored: [String: Int] = [:]
    public init() {}
    public func size(of name: String) -> Int? { stored[name] }
    public func store(_ size: Int, for name: String) { stored[name] = size }
}

public final class MutexThumbnailCache: Sendable {
    private let stored = Mutex<[String: Int]>([:])
    public init() {}
    public func size(of name: String) -> Int? { stored.withLock { $0[name] } }
    public func store(_ size: Int, for name: String) { stored.withLock { $0[name] = size } }
}
