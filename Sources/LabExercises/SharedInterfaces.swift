import Foundation
import LabCore

/// What an answer's compile and a check's compile read of the shared build, as bytes: every path
/// their flags name (the module files the compiler finds in its `-I` folders, the C module maps and
/// headers it is pointed at), and the compiler itself. The answers' modules (`AnswerModules`) and the checks' objects
/// (`CheckObjects`) are kept against these bytes, not against the build's every stamp.
///
/// Why: a change to a function's body in LabCore compiles LabCore again, with new objects and a
/// new source-location file, yet the same `LabCore.swiftmodule` byte for byte (the compiler writes
/// a module file only when it differs; measured in docs/MEASUREMENTS.md, session 48). An answer
/// compiled against it compiles to the same bytes as before, so the stores need not be emptied:
/// with the stamps as their key, every such edit compiled the whole catalogue again (a cold
/// `--verify`, 127 s against 87 s warm, session 47).
///
/// What is left out, and why that is sound: a module's documentation (`.swiftdoc`) and its source
/// locations (`.swiftsourceinfo`) serve diagnostics only, and what is kept is only ever the output
/// of a compile that succeeded (a failure's words are always a fresh compile's). Measured: with
/// three lines put before every file of the four libraries (every source location moved, no module
/// file changed), each check object and answer module of a full `--verify` compiled afresh was the
/// kept one byte for byte but for `.swift_modhash`; a compile also opens the libraries' sources
/// those files name, and with them replaced by garbage 03's answer and check compiled to the same
/// bytes. The answers' bytes also leave out the support module's files (`CheckSupport`): an answer
/// may not import it (the scan refuses the `import` before any build), and nothing an answer may
/// import depends on it. A file outside the lab and its build folder (the toolchain's, the
/// system's) is read by its stamp, as the shared build's record stamps it: it changes with the
/// toolchain, not with the lab.
struct SharedInterfaces: Equatable {
    let answer: Data
    let check: Data

    /// The hashes of the two, which the stores' keys hold (`Hashes`).
    var hashes: Hashes {
        Hashes(
            answer: Data(KeptEntries.littleEndian(FNV1a.hash(answer))),
            check: Data(KeptEntries.littleEndian(FNV1a.hash(check))))
    }

    struct Hashes: Codable, Equatable, Sendable {
        let answer: Data
        let check: Data
    }

    /// Reads them for `toolchain`, built in `folder` from the lab at `root`.
    init(of toolchain: BatchToolchain, root: URL, folder: URL) {
        let owned = [root, folder].map { $0.standardizedFileURL.resolvingSymlinksInPath().path + "/" }
        let read = { (flags: [String], leavingOut: String?) in
            Self.bytes(read: flags, compiler: toolchain.swiftc, owned: owned, leavingOut: leavingOut)
        }
        answer = read(toolchain.studentFlags, BatchToolchain.supportModule)
        check = read(toolchain.checkFlags, nil)
    }

    init(answer: Data, check: Data) {
        self.answer = answer
        self.check = check
    }

    /// Extensions of the files a compile that succeeds reads for its diagnostics only.
    static let diagnosticsOnly: Set<String> = ["swiftdoc", "swiftsourceinfo"]

    /// What `flags` point the compiler at (`named(by:)`), after the compiler's stamp: inside `owned`,
    /// each file as its path and its bytes (a folder: every file under it; a path that is not
    /// there: its absence); outside, each path named as its path and its stamp (an SDK or a
    /// toolchain's folder is not walked: it changes with the toolchain). In the order of their
    /// paths. A file of a module named `leavingOut` is left out.
    static func bytes(read flags: [String], compiler: String, owned: [String], leavingOut: String?) -> Data {
        var bytes = Data()
        let driver = URL(fileURLWithPath: compiler).resolvingSymlinksInPath()
        let toolchainFiles = [driver, driver.deletingLastPathComponent().appendingPathComponent("swift-frontend")]
        KeptEntries.append(stamps(of: toolchainFiles.map(\.path)), to: &bytes)
        // Each file with its path inside the path the flags name (a named file: its own name).
        var files: [(path: String, inside: String)] = []
        var stamped: [String] = []
        for named in Set(named(by: flags)) {
            let resolved = URL(fileURLWithPath: named).resolvingSymlinksInPath().path
            guard owned.contains(where: { (resolved + "/").hasPrefix($0) }) else {
                stamped.append(named)
                continue
            }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: named, isDirectory: &isFolder), isFolder.boolValue {
                files += everyFile(under: named).map { ($0, String($0.dropFirst(named.count + 1))) }
            } else {
                files.append((named, URL(fileURLWithPath: named).lastPathComponent))
            }
        }
        let kept = Set(
            files.filter { file in
                !diagnosticsOnly.contains(URL(fileURLWithPath: file.path).pathExtension)
                    && !(leavingOut.map { isOf(module: $0, file.inside) } ?? false)
            }.map(\.path))
        for path in kept.sorted() {
            KeptEntries.append(Data(path.utf8), to: &bytes)
            // Unreadable (gone since it was listed, or never there): its absence is part of the bytes.
            let contents = try? Data(contentsOf: URL(fileURLWithPath: path))
            KeptEntries.append(contents ?? Data("<none>".utf8), to: &bytes)
        }
        for path in stamped.sorted() {
            KeptEntries.append(Data(path.utf8), to: &bytes)
            KeptEntries.append(stamps(of: [path]), to: &bytes)
        }
        return bytes
    }

    /// Every path `flags` name, whatever the flag: an argument that is an absolute path (`-I`'s
    /// value, `-sdk`'s), or one that ends in one after a flag (`-I/x`, `-fmodule-map-file=/x`),
    /// Swift's and the C compiler's (after `-Xcc`) alike, so a flag the grader does not know
    /// (`-isystem`, `-F`, `-vfsoverlay`, a plugin's path) is read too, not passed over. Not the
    /// module cache's: what it holds the compiles make from the headers named here, and add to.
    static func named(by flags: [String]) -> [String] {
        let cacheFlags = ["-module-cache-path", "-fmodules-cache-path="]
        var paths: [String] = []
        var index = 0
        while index < flags.count {
            let argument = flags[index]
            index += 1
            if argument == "-Xcc" { continue }
            if argument == cacheFlags[0] {
                index += 1
                continue
            }
            if argument.hasPrefix(cacheFlags[1]) { continue }
            if argument.hasPrefix("/") {
                paths.append(argument)
            } else if argument.hasPrefix("-"), let slash = argument.firstIndex(of: "/"),
                // The flag's own name, then `=` or nothing: `-fmodule-map-file=a/b` names no absolute path.
                argument[..<slash].dropFirst().drop(while: { $0.isLetter || $0.isNumber || "-_".contains($0) })
                    .allSatisfy({ $0 == "=" }),
                argument[..<slash].filter({ $0 == "=" }).count <= 1
            {
                paths.append(String(argument[slash...]))
            }
        }
        return paths
    }

    /// Whether a file at `inside` (its path inside a folder the flags name) is of `module`: its
    /// first component is the module's name and an extension (`CheckSupport.swiftmodule`, a file on
    /// Linux, a folder on a Mac). Only that component: the folders above it are the lab's and the
    /// build's, and a lab kept in `~/CheckSupport.old/` left every module out of an answer's bytes.
    static func isOf(module: String, _ inside: String) -> Bool {
        inside.split(separator: "/").first?.hasPrefix(module + ".") ?? false
    }

    /// Every file under `folder`, its subfolders' too (a Mac's module is a folder of files).
    static func everyFile(under folder: String) -> [String] {
        guard let names = try? FileManager.default.subpathsOfDirectory(atPath: folder) else { return [] }
        return names.map { folder + "/" + $0 }.filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
        }
    }

    /// The stamps of `paths` (`ProtectedFiles`), as bytes that are the same for the same stamps.
    static func stamps(of paths: [String]) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let stamped = ProtectedFiles(folders: [], files: paths.map { URL(fileURLWithPath: $0) })
        return (try? encoder.encode(stamped)) ?? Data()
    }
}
