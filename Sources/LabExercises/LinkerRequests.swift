import Foundation

/// What an answer's compiled objects ask the linker for, looked at before the link. On Linux a
/// Swift object lists the libraries it needs in its `.swift1_autolink_entries` section, and the
/// link passes each entry to the linker as an argument. Swift 6.3's `@section` (and `@_section`)
/// lets code put its own bytes in that section, so an answer could hand the linker `-o
/// /any/file`, `--script=…` or `--reproduce=…`, run outside the sandbox as the grader's user
/// (found by a review). The scan refuses those attributes; this looks at what was compiled,
/// whatever the source: every entry must name a library (`-lswiftCore`).
/// Mach-O objects carry their linker options in load commands no attribute writes; nothing to do there.
enum LinkerRequests {
    /// A library the linker looks up by name: `-l`, then a name of letters, digits, `_`, `.`, `+`, `-`.
    static func isLibrary(_ entry: String) -> Bool {
        guard entry.hasPrefix("-l"), entry.count > 2 else { return false }
        return entry.dropFirst(2).unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                || "_.+-".unicodeScalars.contains($0)
        } && !entry.dropFirst(2).hasPrefix("-")
    }

    /// Whether the object at `path` is one the refusal can read (Linux: an ELF object; elsewhere
    /// nothing is read, so any). A check's object restored from `CheckObjects` that is not (a kept
    /// file damaged on disk) is forgotten and compiled again (`BatchBuild`).
    static func readable(_ path: URL) -> Bool {
        #if os(Linux)
            guard let bytes = FileManager.default.contents(atPath: path.path) else { return false }
            return ELFObject.autolinkEntries([UInt8](bytes)) != nil
        #else
            return true
        #endif
    }

    /// Why the objects at `paths` may not be linked, or nil: the first entry that is no library,
    /// or an object that cannot be read as the compiler writes one (refused, not passed unlooked-at;
    /// a missing object is the link's own failure).
    static func refusal(objects paths: [URL]) -> String? {
        #if os(Linux)
            for path in paths {
                guard let bytes = FileManager.default.contents(atPath: path.path) else { continue }
                guard let entries = ELFObject.autolinkEntries([UInt8](bytes)) else {
                    return "the compiled answer's \(path.lastPathComponent) is not an object the grader can read"
                }
                if let odd = entries.first(where: { !isLibrary($0) }) {
                    return
                        "the compiled answer asks the linker for '\(odd.prefix(80))', which is no library: an answer may not place its own data in the linker's sections (@section)"
                }
            }
        #endif
        return nil
    }
}
