import Foundation

/// The programs the Swift driver starts for one answer's build (the frontend for each compile;
/// `swift-autolink-extract` and `clang` for the link), asked of the driver once per batch for
/// an answer folder that is only a name (`swiftc … -###` prints the jobs and runs none), then
/// started for each answer with its own folder in that name's place. The driver plans the
/// same jobs for every answer of a batch; run per answer, it about doubled a small step's CPU
/// (the answer's module: 0.13 s through the driver, 0.07 s started directly; docs/MEASUREMENTS.md,
/// "Grading loops").
///
/// Two of the link's programs are not started for each answer, on Linux: the C compiler's
/// driver, which only starts the linker (its own plan, `clang -###`, is replayed instead), and
/// `swift-autolink-extract`, which lists the libraries the objects ask for: the shared objects'
/// list is asked for once, and the answer's two objects are read by the lab (`AutolinkList`).
/// Each was about 30 ms of a 120 ms link (docs/MEASUREMENTS.md, session 24).
struct CompilerJobs: Sendable, Codable, Equatable {
    /// The folder the plan names; every path inside it becomes the answer's.
    let placeholder: String
    /// Each step's jobs, in order: the program, then its arguments.
    let steps: [[[String]]]
    /// The link's library list, made without starting `swift-autolink-extract`; nil: it is started.
    let autolink: AutolinkList?
    /// Each argument cut where the placeholder is, once: put back together around each answer's
    /// folder (Foundation's `replacingOccurrences` on every argument of every answer's jobs
    /// was a tenth of the lab's own CPU in `--verify`).
    private let pieces: [[[[String]]]]

    init(placeholder: String, steps: [[[String]]], autolink: AutolinkList? = nil) {
        self.placeholder = placeholder
        self.steps = steps
        self.autolink = autolink
        pieces = steps.map { $0.map { $0.map { $0.components(separatedBy: placeholder) } } }
    }

    private enum CodingKeys: String, CodingKey { case placeholder, steps, autolink }

    /// A plan kept by an earlier batch (`KeptPlans`): its pieces cut again.
    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            placeholder: try container.decode(String.self, forKey: .placeholder),
            steps: try container.decode([[[String]]].self, forKey: .steps),
            autolink: try container.decodeIfPresent(AutolinkList.self, forKey: .autolink))
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(placeholder, forKey: .placeholder)
        try container.encode(steps, forKey: .steps)
        try container.encodeIfPresent(autolink, forKey: .autolink)
    }

    static func == (left: CompilerJobs, right: CompilerJobs) -> Bool {
        left.placeholder == right.placeholder && left.steps == right.steps && left.autolink == right.autolink
    }

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
            // Linux only: measured and tested here, where the driver starts `ld.lld`; a Mac's link
            // (`ld64` through clang) has not been replayed on a Mac, so it keeps its driver. (A
            // gate inside the function would leave code after a `return` there: a warning on a Mac.)
            #if os(Linux)
                let expanded = jobs.flatMap {
                    linkerDriverPlan($0, placeholder: placeholder.path, temporary: temporary) ?? [$0]
                }
            #else
                let expanded = jobs
            #endif
            planned.append(replayable(expanded, placeholder: placeholder.path) ? expanded : jobs)
        }
        let autolink = planned.enumerated().lazy.flatMap { step, jobs in
            jobs.enumerated().lazy.compactMap { index, job in
                AutolinkList.plan(job, step: step, index: index, placeholder: placeholder.path, temporary: temporary)
            }
        }.first
        return CompilerJobs(placeholder: placeholder.path, steps: planned, autolink: autolink)
    }

    /// The jobs the C compiler's driver would start for `job` (the linker, for the link), when
    /// `job` is that driver and its plan can be replayed; nil otherwise (the job is kept as it
    /// is). The driver looks for its inputs, so the answer's (under `placeholder`, not built
    /// yet) are made empty while it plans. A response file it reads (the autolink list) is
    /// planned as a made-up library, which the plan passes on where the file's contents go, and
    /// given back to the linker as the response file there: `ld.lld` reads response files itself.
    static func linkerDriverPlan(_ job: [String], placeholder: String, temporary: URL) -> [[String]]? {
        guard let program = job.first, ["clang", "clang++"].contains(URL(fileURLWithPath: program).lastPathComponent)
        else { return nil }
        var made: [URL] = []
        defer { for file in made { try? FileManager.default.removeItem(at: file) } }
        func make(_ path: String, _ text: String) -> Bool {
            let file = URL(fileURLWithPath: path)
            guard !FileManager.default.fileExists(atPath: path) else { return true }
            guard
                (try? FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)) != nil,
                (try? Data(text.utf8).write(to: file)) != nil
            else { return false }
            made.append(file)
            return true
        }
        // Each response file as a made-up library, named as nothing else can be.
        var standIns: [String: String] = [:]
        for argument in job.dropFirst() where argument.hasPrefix("@") {
            let library = "-llab_response_file_\(standIns.count)_\(UUID().uuidString.prefix(8))"
            guard !FileManager.default.fileExists(atPath: String(argument.dropFirst())),
                make(String(argument.dropFirst()), library + "\n")
            else { return nil }
            standIns[library] = argument
        }
        for argument in job.dropFirst() where argument.hasPrefix(placeholder + "/") {
            guard make(argument, "") else { return nil }
        }
        guard
            let printed = try? run("/usr/bin/env", ["TMPDIR=\(temporary.path)"] + job + ["-###"], timeout: 120),
            printed.status == 0
        else { return nil }
        // The jobs are the lines that start with a quoted program; the rest is the driver's version.
        let lines = printed.output.split(separator: "\n").map(String.init).filter { $0.hasPrefix(" \"") }
        let jobs = lines.compactMap(ShellWords.split)
        guard !lines.isEmpty, jobs.count == lines.count else { return nil }
        let planned = jobs.map { $0.map { standIns[$0] ?? $0 } }
        // Each response file given back exactly once, where the driver put its contents.
        let given = planned.joined().filter { standIns.values.contains($0) }
        guard given.sorted() == standIns.values.sorted() else { return nil }
        return planned
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
        let path = folder.path
        return pieces.map { step in
            step.map { job in job.map { $0.count == 1 ? $0[0] : $0.joined(separator: path) } }
        }
    }
}
