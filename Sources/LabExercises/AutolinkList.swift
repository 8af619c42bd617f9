import Foundation
import LabFiles

/// The libraries an answer's link needs, listed as `swift-autolink-extract` lists them on
/// Linux, without starting it for each answer (about 30 ms of the link, nearly all of it the
/// program starting): the shared objects' list is asked of the program once, when a batch
/// plans its jobs, and the answer's own objects (its module's and its check's) are read by
/// the lab, their `.swift1_autolink_entries` sections (`ELFObject.autolinkEntries`).
/// The linker reads the two lists as one: the answer's libraries the shared objects do not
/// already name, then the program's list for those, in its order. (An answer's entries are
/// libraries only: `LinkerRequests` refuses anything else before the link.)
struct AutolinkList: Sendable, Codable, Equatable {
    /// The planned job this list stands for (paths under the plan's placeholder), and where it is
    /// in the plan: its step, and its place in that step.
    let job: [String]
    let step: Int
    let index: Int
    let placeholder: String
    /// The answer's objects, read for each answer, and the file the list is written to (placeholder paths).
    let answerObjects: [String]
    let output: String
    /// What the program listed for the other objects (the shared build's), once.
    let sharedEntries: [String]

    /// The list for `job` when it is `swift-autolink-extract OBJECTS… -o FILE` and the program
    /// lists the shared objects here; nil otherwise (the job is then started for each answer).
    static func plan(_ job: [String], step: Int, index: Int, placeholder: String, temporary: URL) -> AutolinkList? {
        let inside = { (path: String) in path.hasPrefix(placeholder + "/") }
        guard let program = job.first, URL(fileURLWithPath: program).lastPathComponent == "swift-autolink-extract",
            job.count >= 4, job[job.count - 2] == "-o", inside(job[job.count - 1])
        else { return nil }
        let objects = Array(job[1..<(job.count - 2)])
        guard !objects.contains(where: { $0.hasPrefix("-") }) else { return nil }
        let shared = objects.filter { !inside($0) }
        let listed = temporary.appendingPathComponent("shared-\(UUID().uuidString).autolink")
        defer { try? FileManager.default.removeItem(at: listed) }
        guard
            let result = try? run(program, shared + ["-o", listed.path], timeout: 120), result.status == 0,
            let text = try? String(contentsOf: listed, encoding: .utf8)
        else { return nil }
        return AutolinkList(
            job: job, step: step, index: index, placeholder: placeholder, answerObjects: objects.filter(inside),
            output: job[job.count - 1],
            sharedEntries: withoutRepeats(text.split(separator: "\n").map(String.init)))
    }

    /// `entries` less each that repeats the one just before it. The program lists a library once
    /// for each object that asks for it, and the shared objects joined into one (`JoinedObjects`)
    /// ask for Observation 59 times in a row: each `-l` the linker looks up, opens and maps again
    /// (1.6 ms of a 48 ms link, medians of 40 alternated links, docs/MEASUREMENTS.md, session 67).
    /// A library named again right after itself adds nothing for any linker, whereas one named
    /// again further on can, for a linker that reads archives in order (GNU ld): those stay.
    static func withoutRepeats(_ entries: [String]) -> [String] {
        entries.enumerated().filter { $0.offset == 0 || entries[$0.offset - 1] != $0.element }.map(\.element)
    }

    /// Writes the list for the answer built in `folder`. False when an object of the answer
    /// cannot be read as ELF, or the list cannot be written: the caller then starts the program.
    /// `read`: an object's reading by its path, where the build has one already (else it is read here).
    func write(in folder: URL, read: [String: LinkerRequests.Reading] = [:]) -> Bool {
        // Each path starts with the placeholder (`plan` keeps no other).
        let inFolder = { (path: String) in folder.path + path.dropFirst(placeholder.count) }
        var entries: [String] = []
        for object in answerObjects.map(inFolder) {
            guard let listed = (read[object] ?? LinkerRequests.readELF(URL(fileURLWithPath: object))).entries
            else { return false }
            entries += listed
        }
        let shared = Set(sharedEntries)
        var added: [String] = []
        for entry in entries where !shared.contains(entry) && !added.contains(entry) { added.append(entry) }
        let text = (added + sharedEntries).map { $0 + "\n" }.joined()
        return (try? ScratchFile.write(Data(text.utf8), to: URL(fileURLWithPath: inFolder(output)))) != nil
    }
}
