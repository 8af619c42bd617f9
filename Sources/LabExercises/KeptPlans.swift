import Foundation
import LabCore
import LabFiles

/// The driver's jobs planned for a compiler mode (`CompilerJobs`), kept beside the shared build
/// for the batches after this one, so that a batch of one (`lab check`, `lab watch`) replays
/// them too instead of starting the Swift driver for each of its three steps. The driver took
/// about a third of a warm `lab check` before its first compile and its link (docs/MEASUREMENTS.md,
/// session 24); planning costs about as much as one run of it, so a check plans once, keeps the
/// plan, and the next checks gain.
///
/// A plan names paths and flags, and the shared objects' libraries (`AutolinkList`): so its key is
/// the toolchain (compiler, flags, shared objects), the mode, and the hash of the shared build's
/// record (the stamps of every object and module), compared whole; `BatchToolchain.prepare` also
/// empties the store whenever SwiftPM made a build that differs. A plan that no longer builds
/// fails outside the answer: it is forgotten, and such a build is tried again alone through the
/// driver, never the student's verdict.
/// Written by the grader only, under the batches' lock (shared by batches that build at once,
/// exclusive where the shared build is made), one whole file per plan renamed into
/// place; kept only where the sandbox keeps a check out of the lab's folders (as `CheckObjects`).
struct KeptPlans: Sendable {
    let folder: URL

    static func kept(in workFolder: URL) -> KeptPlans {
        KeptPlans(folder: workFolder.appendingPathComponent("planned-jobs"))
    }

    struct Entry: Codable {
        let toolchain: BatchToolchain
        let mode: [String]
        let sharedBuild: Data
        let jobs: CompilerJobs
    }

    /// The plan kept for `mode` with `toolchain` against the shared build `sharedBuild` (its record's hash).
    func plan(mode: [String], toolchain: BatchToolchain, sharedBuild: Data) -> CompilerJobs? {
        guard
            let data = try? Data(contentsOf: file(mode: mode, toolchain: toolchain, sharedBuild: sharedBuild)),
            let entry = try? JSONDecoder().decode(Entry.self, from: data),
            entry.toolchain == toolchain, entry.mode == mode, entry.sharedBuild == sharedBuild,
            entry.jobs.steps.allSatisfy({ CompilerJobs.replayable($0, placeholder: entry.jobs.placeholder) })
        else { return nil }
        return entry.jobs
    }

    func keep(_ jobs: CompilerJobs, mode: [String], toolchain: BatchToolchain, sharedBuild: Data) {
        let entry = Entry(toolchain: toolchain, mode: mode, sharedBuild: sharedBuild, jobs: jobs)
        guard let data = try? JSONEncoder().encode(entry) else { return }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? AtomicFile.write(data, to: file(mode: mode, toolchain: toolchain, sharedBuild: sharedBuild))
    }

    /// Removes the plan kept for `mode`: a build that replayed it failed outside its answer.
    func forget(mode: [String], toolchain: BatchToolchain, sharedBuild: Data) {
        try? FileManager.default.removeItem(at: file(mode: mode, toolchain: toolchain, sharedBuild: sharedBuild))
    }

    func empty() { try? FileManager.default.removeItem(at: folder) }

    /// Named by a hash of the key; the whole key is in the file and compared.
    private func file(mode: [String], toolchain: BatchToolchain, sharedBuild: Data) -> URL {
        var hash = FNV1a()
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        hash.combine((try? encoder.encode(toolchain)) ?? Data())
        for flag in mode { hash.combine(Array(flag.utf8) + [0]) }
        hash.combine(sharedBuild)
        return folder.appendingPathComponent(String(hash.value, radix: 16) + ".json")
    }
}
