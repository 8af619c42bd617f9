import Foundation

/// The temporary folder a child `swift build` is given: a fresh folder inside the lab's own
/// build folder, removed when the build is done, so that nothing is left in the system's.
///
/// Why: SwiftPM and the Swift driver leave `TemporaryDirectory.XXXXXX` folders (holding only
/// a `.keep-directory` marker) in `$TMPDIR` on every build, and their lock files (measured
/// with Swift 6.3: 36 folders and 4 locks after `lab exercises --verify 01`, 8 builds; known
/// upstream: swift-driver issues #1720 and #2049). Over a class's checks that is thousands.
/// A child gets `TMPDIR=<work folder>/tmp/build-<id>` (`/usr/bin/env TMPDIR=… swift build`).
/// One folder per build, so builds running at once (workers of `lab grade`) never remove
/// each other's files; SwiftPM's lock files then live per build, as its temporary files do.
public enum BuildTemporaryFolder {
    /// A fresh folder under `<workFolder>/tmp` for `body`'s child processes, removed afterwards
    /// (and `tmp` too when nothing else is in it).
    public static func using<T>(in workFolder: URL, _ body: (URL) throws -> T) throws -> T {
        let folder = try make(in: workFolder)
        defer { remove(folder) }
        return try body(folder)
    }

    /// The same folder for a caller that awaits its child (`using` takes a synchronous body):
    /// made here, and the caller's to `remove` when the child is done.
    public static func make(in workFolder: URL) throws -> URL {
        let folder = workFolder.appendingPathComponent("tmp/build-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Removes a folder `make` made, and its `tmp` parent when nothing else is in it.
    public static func remove(_ folder: URL) {
        try? FileManager.default.removeItem(at: folder)
        _ = rmdir(folder.deletingLastPathComponent().path)  // only if empty: another build may be using it
    }
}
