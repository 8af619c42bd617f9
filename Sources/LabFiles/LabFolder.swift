import Foundation

/// The user's lab folder: progress, baselines and the inventory store live here.
/// `CONCURRENCY_LAB_HOME` moves it (tests and classrooms use this).
public enum LabFolder {
    public static func url(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let home = environment["CONCURRENCY_LAB_HOME"], !home.isEmpty {
            return URL(fileURLWithPath: home, isDirectory: true)
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(
            ".concurrency-lab", isDirectory: true)
    }
}
