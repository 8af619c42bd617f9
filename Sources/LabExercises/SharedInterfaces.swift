import Foundation
import LabCore

/// What an answer's compile and a check's compile read of the shared build, as bytes: the module
/// files the compiler finds in its `-I` folders, the C module maps and headers it is pointed at,
/// and the compiler itself. The answers' modules (`AnswerModules`) and the checks' objects
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

    /// The files named by `flags` (Swift's `-I` folders, the C compiler's `-I` folders and module
    /// maps), each as its path and its bytes (or its stamp, outside `owned`), in the order of their
    /// paths, after the compiler's stamp. A file of a module named `leavingOut` is left out.
    static func bytes(read flags: [String], compiler: String, owned: [String], leavingOut: String?) -> Data {
        // Each file with its path inside the folder the flags name (a named file: its own name).
        var files: [(path: String, inside: String)] = []
        for (named, isFolder) in named(by: flags) {
            files +=
                isFolder
                ? everyFile(under: named).map { ($0, String($0.dropFirst(named.count + 1))) }
                : [(named, URL(fileURLWithPath: named).lastPathComponent)]
        }
        let kept = Set(
            files.filter { file in
                !diagnosticsOnly.contains(URL(fileURLWithPath: file.path).pathExtension)
                    && !(leavingOut.map { isOf(module: $0, file.inside) } ?? false)
            }.map(\.path))
        var bytes = Data()
        let driver = URL(fileURLWithPath: compiler).resolvingSymlinksInPath()
        let toolchainFiles = [driver, driver.deletingLastPathComponent().appendingPathComponent("swift-frontend")]
        KeptEntries.append(stamps(of: toolchainFiles.map(\.path)), to: &bytes)
        for path in kept.sorted() {
            KeptEntries.append(Data(path.utf8), to: &bytes)
            let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            if owned.contains(where: { resolved.hasPrefix($0) }) {
                // Unreadable (gone since it was listed): its absence is part of the bytes.
                let contents = try? Data(contentsOf: URL(fileURLWithPath: path))
                KeptEntries.append(contents ?? Data("<none>".utf8), to: &bytes)
            } else {
                KeptEntries.append(stamps(of: [path]), to: &bytes)
            }
        }
        return bytes
    }

    /// The folders and files `flags` point the compiler at: `-I` (Swift's, and the C compiler's
    /// through `-Xcc`), and `-Xcc -fmodule-map-file=`. True: a folder.
    static func named(by flags: [String]) -> [(path: String, isFolder: Bool)] {
        // The C compiler's arguments, in order, are what follows each `-Xcc`.
        var clang: [String] = []
        var swift: [String] = []
        var index = 0
        while index < flags.count {
            if flags[index] == "-Xcc", index + 1 < flags.count {
                clang.append(flags[index + 1])
                index += 2
            } else {
                swift.append(flags[index])
                index += 1
            }
        }
        func folders(_ arguments: [String]) -> [String] {
            arguments.indices.compactMap { index in
                if arguments[index] == "-I" { return index + 1 < arguments.count ? arguments[index + 1] : nil }
                if arguments[index].hasPrefix("-I"), arguments[index].count > 2 {
                    return String(arguments[index].dropFirst(2))
                }
                return nil
            }
        }
        let maps = clang.filter { $0.hasPrefix("-fmodule-map-file=") }.map { String($0.dropFirst(18)) }
        return (folders(swift) + folders(clang)).map { ($0, true) } + maps.map { ($0, false) }
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
