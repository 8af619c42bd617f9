import Foundation
import LabCore
import LabFiles

/// The folders the environment may move (`CONCURRENCY_LAB_WORK`, `CONCURRENCY_LAB_HOME`),
/// checked before a classroom command uses them: a file, a folder that cannot be made or one
/// that cannot be written is said in one line naming the variable and its path.
enum LabSetup {
    static let folderVariables = ["CONCURRENCY_LAB_WORK", "CONCURRENCY_LAB_HOME"]

    static func checkFolders(environment: [String: String] = ProcessInfo.processInfo.environment) throws(LabSetupError)
    {
        for variable in folderVariables {
            guard let path = environment[variable], !path.isEmpty else { continue }
            do {
                _ = try OutputFolder.prepare(path, makingParents: true)
            } catch {
                throw LabSetupError("\(variable) is \(error)")
            }
        }
    }
}

/// The lab's setting up cannot go on (a folder it needs): one line, exit status 2.
struct LabSetupError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
