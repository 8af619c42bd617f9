import Foundation
import LabCore
import LabFiles
import LabSourceScan

/// What every answer's build shares, prepared once per batch: the lab's libraries an exercise
/// may import (`LabLibraries`: every check of the batch links all of them), the check's support
/// module and its private channel, built by SwiftPM in a small generated
/// package, and the compiler and linker command lines SwiftPM plans there for a check-shaped
/// template executable, read from its build plan (`debug.yaml`). `BatchBuild` then compiles each answer with those very
/// flags (the platform's target, SDK, module maps, Swift 6 mode) in a folder of its own:
/// no `swift build` per answer, no package to plan per answer, and one answer's failure
/// never stops another's build.
struct BatchToolchain: Codable, Equatable, Sendable {
    /// The compiler SwiftPM ran.
    let swiftc: String
    /// The template check's compile flags, less its name, sources, outputs and build-system bookkeeping.
    let compileFlags: [String]
    /// The template's link flags, less its name, output and object list.
    let linkFlags: [String]
    /// Objects every check links: the lab's library and the channel (not the template's own).
    let sharedObjects: [String]
    /// The same objects joined into one (`JoinedObjects`), which each answer's link takes in
    /// their place; nil where they could not be joined (the link then takes them one by one).
    var joinedObject: String? = nil

    /// What each answer's link takes of the shared build.
    var linkedObjects: [String] { joinedObject.map { [$0] } ?? sharedObjects }

    static let template = "BatchTemplate"
    /// `Exercises/Support/CheckSupport/` as a module of its own, built here once: every check
    /// imports it (`checkFlags`) instead of compiling it again: a check's compile took 0.34–0.37 s
    /// of CPU with it, 0.13 s without (docs/MEASUREMENTS.md, "Grading loops"). The answer's module
    /// never sees it: the scan refuses the import and `ModuleInspection` a reference to it.
    static let supportModule = "CheckSupport"
    /// Where the support package holds its copy of each file of `Exercises/Support/CheckSupport/`.
    static let supportCopyFolder = "Sources/\(supportModule)"
    /// The package's folders `packageFiles` lists whole: a file there it does not list (one the lab
    /// since renamed or removed) is stale, and would be compiled beside the files it now lists.
    static let generatedFolders = [supportCopyFolder, "Sources/CheckChannel", "Sources/\(template)"]

    /// Builds the shared part in `folder` (only what changed since the last batch) and reads its plan.
    /// With `reuse`, the last build's toolchain is returned without running SwiftPM when none of
    /// its inputs or outputs changed since (`SharedBuildRecord`); the caller holds the batch's
    /// lock, so no other batch builds there meanwhile.
    static func prepare(root: URL, folder: URL, reuse: Bool = true) throws -> (toolchain: BatchToolchain, reused: Bool)
    {
        let package = try writePackage(root: root, folder: folder)
        if reuse, let recorded = SharedBuildRecord.reusable(in: folder, root: root, package: package) {
            return (recorded, true)
        }
        SharedBuildRecord.forget(in: folder)
        let inputs = SharedBuildRecord.inputs(root: root, package: package)
        let scratch = folder.appendingPathComponent("scratch")
        var toolchain: BatchToolchain?
        for attempt in 1...2 {
            // Named, not fresh: the caller holds the batch's lock, so no other build is there.
            let build = try BuildTemporaryFolder.using(in: folder, named: "swiftpm") { temporary in
                try run(
                    "/usr/bin/env",
                    [
                        "TMPDIR=\(temporary.path)", "swift", "build", "--package-path", package.path,
                        // The support module and all it imports; not the template, whose commands
                        // are read from the plan: its compile and link were the build's last 0.5 s.
                        "--scratch-path", scratch.path, "--target", supportModule,
                    ] + sharedBuildOptions, timeout: 900)
            }
            if build.status == 0 {
                // A plan that leaves out a file the lab's targets now hold is one from before it came
                // (`StalePlan`): started afresh once, as a build folder that no longer builds is.
                let plan = try String(contentsOf: scratch.appendingPathComponent("debug.yaml"), encoding: .utf8)
                let planned = try from(plan: plan)
                let unplanned = StalePlan.sourcesWithoutAnObject(objects: planned.sharedObjects, root: root)
                if unplanned.isEmpty {
                    toolchain = planned
                    break
                }
                guard attempt == 1 else {
                    throw ExerciseError.toolchain(
                        "SwiftPM's plan for the checks' shared build leaves out \(unplanned.joined(separator: ", "))")
                }
            } else {
                // Seen with `lab check`'s package after the lab's sources changed: a build folder
                // that no longer builds. Start it afresh once, then say what failed.
                guard attempt == 1 else {
                    throw ExerciseError.toolchain(
                        "the lab's own code did not build for the checks:\n"
                            + Grader.cut(withoutWholeModuleNotes(build.output), lines: 20))
                }
            }
            try? FileManager.default.removeItem(at: scratch)
        }
        guard var toolchain else { throw ExerciseError.toolchain("SwiftPM made no plan for the checks' shared build") }
        toolchain.joinedObject = JoinedObjects.join(toolchain, in: scratch)
        // Read once, after the build: the record's hashes and the stores' comparison are of the same bytes.
        let interfaces = SharedInterfaces(of: toolchain, root: root, folder: folder)
        // Without a record the next batch runs SwiftPM again, which is slower but never wrong.
        try? SharedBuildRecord.save(toolchain, inputs: inputs, interfaces: interfaces.hashes, in: folder)
        SharedBuildRecord.keepStores(in: folder, interfaces: interfaces)
        return (toolchain, false)
    }

    /// Nobody reads this build's index or debug information (no editor opens it; a crash is
    /// explained by the runtime's own line, as each answer's own compile has no `-g`): without
    /// them the first build after a clone took 11.4–11.7 s of CPU instead of 18.4–18.8 s
    /// (docs/MEASUREMENTS.md, "Grading loops").
    ///
    /// Each module compiled whole, in one job (no second job that checks every declaration again to
    /// write its module file), and one object per file, as SwiftPM's plan links them: the shared
    /// build from nothing took 5.7 s of CPU instead of 8.0 s (medians of four, the same wall time on
    /// two cores), and on one CPU 5.9 s of CPU and of wall time instead of 8.4 s and 8.5 s
    /// (docs/MEASUREMENTS.md, session 41). The
    /// shared build's own flags: `compileFlags` drops them, so every answer and check compiles as before.
    ///
    /// A module's code generated on as many threads as the CPUs this process may use (up to
    /// eight), still one object per file: type-checking a module is one thread's work, but its
    /// code need not be, and the modules wait for each other (LabCore first). On two CPUs the build
    /// took 8.6–8.8 s of wall instead of 9.6–9.7 s, the same CPU (docs/MEASUREMENTS.md, session 60):
    /// most of the first `lab check` after a clone.
    static let sharedBuildOptions =
        ["--disable-index-store", "-Xswiftc", "-gnone"] + wholeModule.flatMap { ["-Xswiftc", $0] }
    static let wholeModule = [
        "-wmo", "-no-emit-module-separately-wmo", "-num-threads", "\(min(8, max(1, UsableCPUs.count)))",
    ]

    /// SwiftPM's output less the driver's notes on `wholeModule` (two lines a module: batch mode and
    /// incremental builds do not apply), which would push a real error past `cut`'s lines.
    static func withoutWholeModuleNotes(_ output: String) -> String {
        output.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            !(line.contains("ignoring '-enable-batch-mode' because '-whole-module-optimization'")
                || line.contains("Incremental compilation has been disabled: it is not compatible with whole module"))
        }.joined(separator: "\n")
    }

    /// The support package: the channel, and a template check that imports what a check imports.
    /// The template is planned, never built (`prepare` builds `CheckSupport`): its dependencies are
    /// CheckSupport's and CheckSupport itself, both from `LabLibraries.names`, so whatever its
    /// compile command imports is built.
    /// The support package's folder in `folder`. SwiftPM names a package by its folder (its
    /// identity), and gives that name to the compiler as `-package-name` for every module of it:
    /// every answer's and check's compile takes the support package's. The lab's libraries carry
    /// the lab's own, its folder's name, and keep `package` declarations to the lab's modules
    /// (`OwnedFolder`, `ThreadCPUWait`). With the lab in a folder named `package`, the two names were
    /// the same, and an answer could call them (an audit's finding): so the support package's folder
    /// is named otherwise there.
    static func packageFolder(root: URL, folder: URL) -> URL {
        let lab = URL(fileURLWithPath: root.path).lastPathComponent.lowercased()
        return folder.appendingPathComponent(lab == "package" ? "checks-package" : "package")
    }

    static func writePackage(root: URL, folder: URL) throws -> URL {
        let package = packageFolder(root: root, folder: folder)
        let files = try packageFiles(root: root)
        for (path, data) in files {
            let url = package.appendingPathComponent(path)
            if (try? Data(contentsOf: url)) != data { try AtomicFile.write(data, to: url) }
        }
        for stale in staleFiles(in: package, listed: files.map(\.0)) {
            try FileManager.default.removeItem(at: package.appendingPathComponent(stale))
        }
        return package
    }

    /// Files in the generated folders that `listed` does not name, as paths in the package.
    static func staleFiles(in package: URL, listed: [String]) -> [String] {
        let listed = Set(listed)
        return generatedFolders.flatMap { folder in
            // A folder not made yet holds nothing stale.
            ((try? ExerciseFolder.files(under: package.appendingPathComponent(folder))) ?? [])
                .map { folder + "/" + $0 }.filter { !listed.contains($0) }
        }
    }

    /// The support package, if every file of it is already as `writePackage` would write it;
    /// nil otherwise. Writes nothing: a batch under the shared lock asks this, and leaves the
    /// writing to one under the exclusive lock.
    static func writtenPackage(root: URL, folder: URL) -> URL? {
        let package = packageFolder(root: root, folder: folder)
        guard let files = try? packageFiles(root: root),
            files.allSatisfy({ (try? Data(contentsOf: package.appendingPathComponent($0.0))) == $0.1 }),
            staleFiles(in: package, listed: files.map(\.0)).isEmpty
        else { return nil }
        return package
    }

    /// Each file of the support package (its path in the package, and its bytes).
    static func packageFiles(root: URL) throws -> [(String, Data)] {
        let channel = ExerciseFolder.channel(root: root)
        let manifest = """
            // swift-tools-version: 6.2
            // Generated by `lab` for grading many answers at once: the part every check shares. Do not edit.
            import PackageDescription
            let package = Package(
                name: "BatchSupport",
                platforms: [.macOS(.v15)],
                dependencies: [.package(name: "ConcurrencyLab", path: "\(root.path)")],
                targets: [
                    .target(name: "CheckChannel"),
                    .target(name: "\(supportModule)", dependencies: \(LabLibraries.dependencies(LabLibraries.names, after: ["\"CheckChannel\""]))),
                    .executableTarget(name: "\(template)", dependencies: \(LabLibraries.dependencies(LabLibraries.names, after: ["\"CheckChannel\"", "\"\(supportModule)\""]))),
                ],
                swiftLanguageModes: [.v6]
            )
            """
        let templateSource = """
            import CheckChannel
            import \(supportModule)
            \(LabLibraries.names.map { "import \($0)" }.joined(separator: "\n"))

            @main
            enum Template {
                static func main() {}
            }

            """
        // Every file of the channel's folder (its C sources and include/) and of the support module's.
        // The C module: its sources and headers (a note beside them is not the compiler's).
        let channelCopies = try ExerciseFolder.files(under: channel, endingWith: [".c", ".h"]).map { path in
            ("Sources/CheckChannel/" + path, try Data(contentsOf: channel.appendingPathComponent(path)))
        }
        let support = ExerciseFolder.supportModule(root: root)
        let supportCopies = try ExerciseFolder.supportFiles(root: root).map { path in
            (supportCopyFolder + "/" + path, try Data(contentsOf: support.appendingPathComponent(path)))
        }
        return [
            ("Package.swift", Data(manifest.utf8)),
            ("Sources/\(template)/Template.swift", Data(templateSource.utf8)),
        ] + channelCopies + supportCopies
    }

    /// Reads the template's compile and link commands from SwiftPM's build plan, and the objects
    /// its link takes from the link's inputs there: the plan holds every command of the package,
    /// so the template itself is never compiled or linked (`prepare` builds the support module).
    static func from(plan: String) throws -> BatchToolchain {
        var compile: [String]?
        var link: [String]?
        var linkInputs: [String] = []
        // A command's `inputs:` line comes before its `args:` line.
        var inputs: [String] = []
        for line in plan.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            // A command's name (`  "C.X":`) starts it: no inputs of the one before carry over.
            if trimmed.hasPrefix("\"") && trimmed.hasSuffix("\":") { inputs = [] }
            if trimmed.hasPrefix("inputs: [") {
                inputs = (try? JSONSerialization.jsonObject(with: Data(trimmed.dropFirst(8).utf8)) as? [String]) ?? []
                continue
            }
            guard trimmed.hasPrefix("args: ["),
                let arguments = try? JSONSerialization.jsonObject(with: Data(trimmed.dropFirst(6).utf8)) as? [String],
                let name = arguments.firstIndex(of: "-module-name").map({ arguments[$0 + 1] }), name == template
            else { continue }
            if arguments.contains("-emit-executable") {
                link = arguments
                linkInputs = inputs
            } else {
                compile = arguments
            }
        }
        // Not the modules wrapped as objects for the debugger (`X.swiftmodule.o`, Linux): they hold
        // no code, SwiftPM makes them only to link a product, and a check is not debugged.
        let objects = linkInputs.filter {
            $0.hasSuffix(".o") && !$0.hasSuffix(".swiftmodule.o") && !$0.contains("/\(template).build/")
        }
        guard let compile, let link, let swiftc = compile.first, !objects.isEmpty else {
            throw ExerciseError.toolchain(
                "SwiftPM's build plan for the checks has no compile or link command, or no objects to link")
        }
        return BatchToolchain(
            swiftc: swiftc, compileFlags: compileFlags(Array(compile.dropFirst())),
            linkFlags: linkFlags(Array(link.dropFirst())), sharedObjects: objects)
    }

    /// Flags that name the template's own files or serve SwiftPM's incremental builds, dropped
    /// (with their value, for the second set); every answer names its own instead.
    /// The shared build's `wholeModule` flags go too: an answer and its check are compiled by
    /// their own planned jobs, one file or two each.
    static let droppedAlone: Set<String> = [
        "-emit-dependencies", "-emit-module", "-incremental", "-enable-batch-mode", "-serialize-diagnostics",
        "-parseable-output", "-c", "-emit-objc-header", "-parse-as-library", "-emit-executable", "-g",
        "-wmo", "-no-emit-module-separately-wmo",
    ]
    static let droppedWithValue: Set<String> = [
        "-module-name", "-emit-module-path", "-output-file-map", "-index-store-path", "-emit-objc-header-path", "-o",
        "-num-threads",
    ]

    static func compileFlags(_ arguments: [String]) -> [String] {
        var kept: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if droppedWithValue.contains(argument) {
                index += 2
                continue
            }
            // `-Xcc -g` stays although nothing reads debug information (`-g` itself is dropped): the
            // C modules the compiler builds from headers (Glibc, Foundation's shims, the lab's) are
            // cached under a hash of the C flags, so an answer compiled without it rebuilt all twelve
            // of them, 15 MB, beside the shared build's, in the first check after a clone (about a
            // second of its wall time, docs/MEASUREMENTS.md); with it, it finds the shared build's.
            // So a C flag is kept with its value, as SwiftPM gave it.
            if argument == "-Xcc" && index + 1 < arguments.count {
                kept += [argument, arguments[index + 1]]
                index += 2
                continue
            }
            index += 1
            if droppedAlone.contains(argument) || argument.hasPrefix("@") || argument.hasPrefix("-j") { continue }
            kept.append(argument.replacingOccurrences(of: "\(template)_main", with: "check_main"))
        }
        return kept
    }

    /// The flags for a check's own module: the template's, and every file of it sees the support
    /// module as if it were part of it (`@testable`: its declarations stay internal, as when
    /// its one file was compiled with each check, so no check file changes).
    var checkFlags: [String] {
        compileFlags + ["-Xfrontend", "-testable-import-module", "-Xfrontend", Self.supportModule]
    }

    /// The toolchain's own lld, where it has one, for each answer's link: on Linux it linked a check
    /// in 0.05–0.07 s of CPU against 0.09–0.11 s for the system's default linker (docs/MEASUREMENTS.md,
    /// "Grading loops"). On one thread: a link of a few objects has little to share out, and the
    /// batch already keeps every CPU busy with other answers (docs/MEASUREMENTS.md, session 62).
    /// macOS keeps Apple's linker.
    var linkerChoice: [String] {
        lld == nil ? [] : ["-use-ld=lld", "-Xlinker", "--threads=1"]
    }

    /// The toolchain's `ld.lld` beside its compiler (Linux only); nil where there is none.
    var lld: String? {
        #if os(Linux)
            let lld = URL(fileURLWithPath: swiftc).deletingLastPathComponent().appendingPathComponent("ld.lld")
            return FileManager.default.isExecutableFile(atPath: lld.path) ? lld.path : nil
        #else
            return nil
        #endif
    }

    /// The folders the compiler searches for the shared modules (`-I`, not the C compiler's `-Xcc -I`).
    var moduleFolders: [String] {
        compileFlags.indices.dropLast().filter {
            compileFlags[$0] == "-I" && ($0 == 0 || compileFlags[$0 - 1] != "-Xcc")
        }
        .map { compileFlags[$0 + 1] }
    }

    static func linkFlags(_ arguments: [String]) -> [String] {
        let flags = compileFlags(arguments)
        // Less `-Xlinker -add_ast_path -Xlinker <module>` (Apple platforms: a module's path for the
        // debugger, not code): one names the template's module, which is never built, and a check
        // is not debugged.
        var kept: [String] = []
        var index = 0
        while index < flags.count {
            if flags[index] == "-Xlinker" && index + 3 < flags.count && flags[index + 1] == "-add_ast_path" {
                index += 4
                continue
            }
            kept.append(flags[index])
            index += 1
        }
        return kept
    }

    /// The flags for the answer's own module: the check's, less the entry point and the channel
    /// (the answer's module was never given the channel; `ModuleInspection` refuses its functions too).
    var studentFlags: [String] {
        var kept: [String] = []
        var index = 0
        let flags = compileFlags
        while index < flags.count {
            if flags[index] == "-Xfrontend" && index + 1 < flags.count
                && flags[index + 1] == "-entry-point-function-name"
            {
                index += 4
                continue
            }
            if flags[index] == "-Xcc" && index + 1 < flags.count && flags[index + 1].contains("CheckChannel") {
                index += 2
                continue
            }
            // `-Xcc -I -Xcc <channel's include>`: the pair's value names the channel.
            if flags[index] == "-Xcc" && index + 3 < flags.count && flags[index + 1] == "-I"
                && flags[index + 3].contains("CheckChannel")
            {
                index += 4
                continue
            }
            kept.append(flags[index])
            index += 1
        }
        return kept
    }
}
