import Foundation

/// The programs the Swift driver starts for one answer's build (the frontend for each compile;
/// `swift-autolink-extract` and `clang` for the link), asked of the driver once per batch for
/// an answer folder that is only a name (`swiftc … -###` prints the jobs and runs none), then
/// started for each answer with its own folder in that name's place. The driver plans the
/// same jobs for every answer of a batch; run per answer, it about doubled a small step's CPU
/// (the answer's module: 0.13 s through the driver, 0.07 s started directly; docs/MEASUREMENTS.md,
/// "Grading loops").
struct CompilerJobs: Sendable {
    /// The folder the plan names; every path inside it becomes the answer's.
    let placeholder: String
    /// Each step's jobs, in order: the program, then its arguments.
    let steps: [[[String]]]

    /// Plans each of `steps` (the driver's arguments, naming the answer's files under
    /// `placeholder`), with the driver's temporary files under `placeholder` too. Nil when the
    /// driver answers something that cannot be replayed as it stands (an error, a line that
    /// does not split into words, a program that is not an absolute path, a response file no
    /// earlier job writes): the caller then runs the driver for each answer, as before.
    static func plan(swiftc: String, steps: [[String]], placeholder: URL) -> CompilerJobs? {
        let temporary = placeholder.appendingPathComponent("tmp")
        guard (try? FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)) != nil
        else { return nil }
        defer { try? FileManager.default.removeItem(at: placeholder) }
        var planned: [[[String]]] = []
        for step in steps {
            guard
                let printed = try? run(
                    "/usr/bin/env", ["TMPDIR=\(temporary.path)", swiftc] + step + ["-###"], timeout: 120),
                printed.status == 0
            else { return nil }
            let lines = printed.output.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
            let jobs = lines.compactMap(ShellWords.split)
            guard !jobs.isEmpty, jobs.count == lines.count, replayable(jobs, placeholder: placeholder.path) else {
                return nil
            }
            planned.append(jobs)
        }
        return CompilerJobs(placeholder: placeholder.path, steps: planned)
    }

    /// Every program named by an absolute path that exists, every response file (`@file`) one
    /// that an earlier job of the step names (the autolink list the link reads), and none of the
    /// driver's temporary files (a file list, a supplementary output map: written while planning,
    /// gone when the plan is replayed).
    static func replayable(_ jobs: [[String]], placeholder: String) -> Bool {
        var named: Set<String> = []
        let temporary = placeholder + "/tmp/"
        for job in jobs {
            guard let program = job.first, program.hasPrefix("/"),
                FileManager.default.isExecutableFile(atPath: program),
                !job.contains(where: { $0.contains(temporary) })
            else { return false }
            for argument in job.dropFirst() where argument.hasPrefix("@") {
                guard named.contains(String(argument.dropFirst())) else { return false }
            }
            named.formUnion(job)
        }
        return true
    }

    /// The jobs for the answer built in `folder`.
    func steps(in folder: URL) -> [[[String]]] {
        steps.map { step in
            step.map { job in job.map { $0.replacingOccurrences(of: placeholder, with: folder.path) } }
        }
    }
}
