import Foundation

/// A folder of its own for one run of a variant (or a test), removed afterwards.
struct InventoryScratch {
    let folder: URL

    init(_ purpose: String) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-\(purpose)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
