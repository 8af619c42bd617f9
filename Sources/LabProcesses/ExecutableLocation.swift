import CLabShims
import Foundation

/// Where the running code lives on disk, found without argv[0] (the first command-line argument):
/// on macOS, `swift test` runs test bundles inside a helper (swiftpm-testing-helper or
/// xctest), so argv[0] names the helper, not the code. `dladdr` asks the dynamic
/// loader for the file of the image that contains a given address, which is the test
/// bundle's binary under either runner, and the executable itself otherwise.
public enum ExecutableLocation {
    /// The file of the image (executable or loaded bundle) that contains `handle`.
    ///
    /// On Linux, `dladdr` names the main program by its argv[0] ("lab" when started from PATH, the
    /// symlink's path when started through one), so the file is read from the kernel's map of
    /// this process instead: the real path of whatever file holds the address.
    public static func image(containing handle: UnsafeRawPointer = #dsohandle) -> URL? {
        #if os(Linux)
            if let path = ProcessMaps.file(containing: UInt(bitPattern: handle)) {
                return URL(fileURLWithPath: path).standardizedFileURL
            }
        #endif
        guard let name = lab_image_path(handle) else { return nil }
        let path = String(cString: name)
        guard path.hasPrefix("/") else {
            return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(path)
                .standardizedFileURL
        }
        return URL(fileURLWithPath: path).standardizedFileURL
    }

    /// The image holding the lab's own code: this executable, or the test bundle it is linked into.
    public static var labImage: URL? { image(containing: #dsohandle) }

    /// Whether the lab's code runs inside a test bundle rather than one of its executables.
    public static var isTestBundle: Bool { labImage?.path.contains(".xctest") ?? false }

    /// The build products folder: the nearest folder from `start` upward that holds `product`.
    public static func productsDirectory(holding product: String = "lab", from start: URL? = labImage) -> URL? {
        guard var folder = start?.deletingLastPathComponent() else { return nil }
        for _ in 0..<6 {
            if FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent(product).path) {
                return folder
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// The program to relaunch (a lesson's child demo, a bench worker): this one, unless it is a
    /// test bundle, in which case the `lab` built next to it (it knows every lesson's demos and suites).
    /// `CONCURRENCY_LAB_DEMO_HOST` names another.
    public static func relaunchHost() throws -> URL {
        if let host = ProcessInfo.processInfo.environment["CONCURRENCY_LAB_DEMO_HOST"] {
            return URL(fileURLWithPath: host)
        }
        guard let me = labImage else {
            throw CocoaError(
                .fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "cannot tell which program is running"])
        }
        guard isTestBundle else { return me }
        if let products = productsDirectory(from: me) {
            return products.appendingPathComponent("lab")
        }
        throw CocoaError(
            .fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no `lab` executable next to \(me.path)"])
    }
}
