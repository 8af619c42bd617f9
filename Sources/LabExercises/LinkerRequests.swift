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

    /// What one object asks the linker for, read once per build and shared by the refusal and the
    /// link's list (`AutolinkList`): each read of a check's object went through every section header.
    enum Reading: Sendable, Equatable {
        /// The object is not there (the link's own failure to report, not the refusal's).
        case missing
        /// Not an object the refusal can read (Linux: not ELF, or a section past its end).
        case unreadable
        /// The entries of its `.swift1_autolink_entries` sections, in order (elsewhere: none read).
        case entries([String])

        var entries: [String]? {
            if case .entries(let entries) = self { return entries }
            return nil
        }
    }

    /// The object at `path`, read as `refusal` and `AutolinkList` read it (Linux: an ELF object;
    /// elsewhere nothing is read, so every object that is there is readable). A check's object
    /// restored from `CheckObjects` that cannot be read (a kept file damaged on disk) is forgotten
    /// and compiled again (`BatchBuild`).
    static func read(_ path: URL) -> Reading {
        #if os(Linux)
            return readELF(path)
        #else
            return FileManager.default.fileExists(atPath: path.path) ? .entries([]) : .missing
        #endif
    }

    /// The object at `path` read as ELF, on any system (`AutolinkList`'s list is ELF's).
    static func readELF(_ path: URL) -> Reading {
        guard let bytes = FileManager.default.contents(atPath: path.path) else { return .missing }
        return ELFObject.autolinkEntries([UInt8](bytes)).map(Reading.entries) ?? .unreadable
    }

    /// Why the objects at `paths` may not be linked, or nil: the first entry that is no library,
    /// or an object that cannot be read as the compiler writes one (refused, not passed unlooked-at;
    /// a missing object is the link's own failure).
    static func refusal(objects paths: [URL]) -> String? {
        refusal(paths.map { ($0, read($0)) })
    }

    /// The same for objects already read.
    static func refusal(_ readings: [(object: URL, reading: Reading)]) -> String? {
        for (path, reading) in readings {
            switch reading {
            case .missing: continue
            case .unreadable:
                return "the compiled answer's \(path.lastPathComponent) is not an object the grader can read"
            case .entries(let entries):
                if let odd = entries.first(where: { !isLibrary($0) }) {
                    return
                        "the compiled answer asks the linker for '\(odd.prefix(80))', which is no library: an answer may not place its own data in the linker's sections (@section)"
                }
            }
        }
        return nil
    }
}
