import Foundation

/// The temporary folder a child `swift build` is given: a fresh folder inside the lab's own
/// build folder, removed when the build is done, so that nothing is left in the system's.
///
/// Why: SwiftPM and the Swift driver leave `TemporaryDirectory.XXXXXX` folders (holding only
/// a `.keep-directory` marker) in `$TMPDIR` on every build, and their lock files (measured
/// with Swift 6.3: 36 folders and 4 locks after `lab exercises --verify 01`, 8 builds; known
/// upstream: swift-driver issues #1720 and #2049). Over a class's checks that is thousands.
/// A child gets `TMPDIR=<work folder>/tmp/build-<id>` (`/usr/bin/env TMPDIR=… swift build`).
/// One folder per build, so builds running at once never remove each other's files; SwiftPM's
/// lock files then live per build, as its temporary files do. A caller that runs one build at a
/// time under a lock (the checks' shared build) names its folder, so that it stays the same.
public enum BuildTemporaryFolder {
    /// A fresh folder under `<workFolder>/tmp` for `body`'s child processes, removed afterwards
    /// (and `tmp` too when nothing else is in it).
    public static func using<T>(in workFolder: URL, _ body: (URL) throws -> T) throws -> T {
        try using(in: workFolder, named: freshName(), body)
    }

    /// A folder of a fixed name under `<workFolder>/tmp`, emptied and removed afterwards as
    /// `using` does, for a caller that runs one child at a time there (holding a lock of its
    /// own). The child then sees the same `TMPDIR` each time, and SwiftPM, which keys its cache
    /// of compiled manifests by the environment, finds them there: with a fresh folder per
    /// build it compiled both of the checks' manifests on every `swift build` (a build with
    /// nothing to do took 1.26–1.60 s, 0.71–0.72 s with the same `TMPDIR`; docs/MEASUREMENTS.md).
    public static func using<T>(in workFolder: URL, named name: String, _ body: (URL) throws -> T) throws -> T {
        let folder = try make(in: workFolder, named: name)
        defer { remove(folder) }
        return try body(folder)
    }

    /// The same folder for a caller that awaits its child (`using` takes a synchronous body):
    /// made here, and the caller's to `remove` when the child is done.
    public static func make(in workFolder: URL) throws -> URL { try make(in: workFolder, named: freshName()) }

    /// `<workFolder>/tmp/<name>`, made empty: what a stopped child left under a fixed name goes first.
    static func make(in workFolder: URL, named name: String) throws -> URL {
        let folder = workFolder.appendingPathComponent("tmp/\(name)", isDirectory: true)
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func freshName() -> String { "build-\(UUID().uuidString)" }

    /// Removes a folder `make` made, and its `tmp` parent when nothing else is in it.
    public static func remove(_ folder: URL) {
        try? FileManager.default.removeItem(at: folder)
        _ = rmdir(folder.deletingLastPathComponent().path)  // only if empty: another build may be using it
    }
}
