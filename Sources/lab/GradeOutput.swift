import Foundation
import LabCommandLine
import LabCore
import LabFiles

/// The folder `lab grade` writes its class report into, claimed before any grading: it is
/// usable, no other `lab grade` or `lab bench` is writing into it (`OutputFolder.Claim`), each report file is absent or a regular
/// file, and a report already there is kept unless `--replace` says otherwise.
enum GradeOutput {
    static let reportFiles = ["class-report.csv", "class-report.json", "class-report.html"]

    static func claim(_ path: String, replace: Bool) throws -> OutputFolder.Claim {
        let held: OutputFolder.Claim?
        do {
            // The report files checked now, not after grading (see `OutputFolder.claim`).
            held = try OutputFolder.claim(path, files: reportFiles)
        } catch let problem as OutputFolder.Problem {
            throw UsageError.invalidValue(option: "out", value: problem.path, expected: problem.expected)
        } catch let inTheWay as AtomicFile.NotReplaceable {
            throw LabSetupError("\(inTheWay); remove it, or give another --out")
        }
        guard let claim = held else {
            throw LabSetupError(
                "another lab run is writing into \(path); wait for it to finish, or give another --out")
        }
        let folder = claim.folder
        let existing = reportFiles.filter {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path)
        }
        if !existing.isEmpty, !replace {
            claim.release()
            throw LabSetupError(
                "\(folder.path) already holds a class report (\(existing.joined(separator: ", "))); give another --out, or add --replace to overwrite it"
            )
        }
        return claim
    }
}
