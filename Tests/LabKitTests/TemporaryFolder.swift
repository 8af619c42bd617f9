import Foundation

/// A fresh folder under the system's temporary folder for one test (the test removes it).
func temporaryDirectory(named prefix: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
