import Foundation
import LabSourceScan

/// Facts about the student's compiled module that the grader reads from its object
/// files, whatever the source spelled: no code that runs before the check's `main`
/// (initializer sections), no C-named definitions that would replace a function the
/// check calls (`read`, `write`, the channel's own), and no references to the check's
/// channel or to calls that reach around Swift (`dlsym`, `syscall`, `ptrace`, …).
/// ELF (Linux) and Mach-O (macOS) 64-bit, little-endian.
enum ModuleInspection {
    struct Finding: Equatable, CustomStringConvertible {
        let object: String
        let what: String
        var description: String { "\(what) (in \(object))" }
    }

    /// Sections whose contents the loader runs before `main` (ELF by name or type; Mach-O by type).
    static let initializerSections = [
        ".init_array", ".preinit_array", ".ctors", ".init", "__mod_init_func", "__init_offsets",
    ]

    /// Whether the object may not name `name` at all: one of `refusedReferences`, or any name of
    /// the check's channel.
    static func isRefusedByName(_ name: String) -> Bool {
        refusedReferences.contains(name) || name.hasPrefix(channelPrefix)
    }

    /// Every name the check's channel and its runtime watch define begins with this: its functions
    /// (`include/CheckChannel.h`) and what its C files share with each other, which are therefore
    /// symbols of the program too (an answer that set `lab_check_creating_task` would hide its
    /// tasks' wakes from the pool watch).
    static let channelPrefix = "lab_check_"

    /// Functions a Swift answer to a concurrency exercise has no use for, each a way around
    /// the sandbox's layers or into the check: they are refused by name in the object.
    static let refusedReferences: Set<String> = [
        "lab_check_open", "lab_check_record", "lab_check_finish", "lab_check_pool_watch", "lab_check_pool_mark",
        "lab_check_pool_count_until",
        "lab_check_starts_begin", "lab_check_starts_end", "lab_check_starts_let_go", "lab_check_tasks_created",
        "lab_check_tasks_begun",
        "lab_check_hopping_task", "lab_check_handed_by_a_hop", "lab_check_pool_seen_current",
        "lab_check_sent_by_the_program",
        "lab_check_running_task_id", "lab_check_made_by_the_program", "lab_check_made_from_a_thread",
        "lab_check_tasks_being_made",
        "lab_check_timers_hold", "lab_check_timers_let_go", "lab_check_clock_reads",
        "lab_check_pool_mark_counting_timers", "lab_check_timers_armed", "lab_check_timers_out_of_sight",
        "lab_check_send_build_fingerprint",
        // The runtime's hooks, which the check's pool watch (Channel/pool_watch.c) sits in.
        "swift_task_enqueueGlobal_hook", "swift_task_enqueueGlobalWithDelay_hook",
        "swift_task_enqueueGlobalWithDeadline_hook", "swift_task_enqueueMainExecutor_hook",
        // Not `syscall`: Synchronization's Mutex is inlined into the answer as futex calls
        // through it. What a raw system call could reach, seccomp and Landlock refuse.
        "dlsym", "dlvsym", "dlopen", "dlmopen", "dl_iterate_phdr", "ptrace",
        "process_vm_readv", "process_vm_writev", "sigaction", "signal", "prctl", "seccomp",
        "setsid", "setpgid", "mprotect", "pkey_mprotect",
        // What a forged verdict needs: a descriptor written to, a file read, a process of its own, a
        // pointer handed out. On Linux the allow-list (`CompilerReferences`) refuses these and every
        // other C name; on a Mac, where it does not apply, these names do.
        "open", "openat", "read", "pread", "write", "pwrite", "writev", "fopen", "fdopen", "fread", "fwrite",
        "fprintf", "dprintf", "dup", "dup2", "_exit", "_Exit", "fork", "vfork", "execve", "execv", "execvp",
        "posix_spawn", "posix_spawnp", "kill", "mmap", "munmap", "strdup", "memchr", "getenv",
    ]

    /// `given`: what of `LabLibraryAccess` the exercise's given code uses itself (`named(inGiven:)`).
    static func findings(inObjectsUnder folder: URL, given: Set<String> = []) -> [Finding] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
            $0.hasSuffix(".o")
        }.sorted()
        // An object that cannot be opened is left out; one that is neither ELF nor Mach-O is refused.
        let objects = names.compactMap { name -> (name: String, facts: ObjectFacts?)? in
            guard let data = try? Data(contentsOf: folder.appendingPathComponent(name)) else { return nil }
            return (name, facts(of: [UInt8](data)))
        }
        // The module's own definitions, in whichever of its objects: the given code's static
        // properties (23's setting) are the module's, not another module's.
        let defined = objects.reduce(into: Set<String>()) { $0.formUnion($1.facts?.defined ?? []) }
        return objects.flatMap { object -> [Finding] in
            guard let facts = object.facts else {
                return [Finding(object: object.name, what: "an object file the grader cannot read")]
            }
            return findings(in: facts, object: object.name, given: given, moduleDefines: defined)
        }
    }

    /// Read as ELF or Mach-O, or nil: neither.
    static func facts(of bytes: [UInt8]) -> ObjectFacts? {
        if bytes.starts(with: [0x7f, 0x45, 0x4c, 0x46]) { return ELFObject.facts(bytes) }
        if bytes.starts(with: [0xcf, 0xfa, 0xed, 0xfe]) { return MachOObject.facts(bytes) }
        return nil
    }

    /// Whether a mangled name is the setter or modify accessor of a `static` or `class` property
    /// (`…vsZ`, `…vMZ`, through a dispatch thunk `…Tj` too). Such a property is the process's:
    /// set from an answer it keeps state between the check's calls where the scan's kept-state
    /// rule (`KeptState`) does not look, in another module's type (an audit's answer set
    /// `NSTimeZone.default` to remember that it had been called).
    static func setsAStaticProperty(_ name: String) -> Bool {
        guard name.hasPrefix("$s") else { return false }
        let accessor = name.hasSuffix("Tj") ? String(name.dropLast(2)) : name
        return ["vsZ", "vMZ", "vmZ", "vxZ"].contains { accessor.hasSuffix($0) }
    }

    static func findings(in data: Data, object: String, given: Set<String> = []) -> [Finding] {
        guard let facts = facts(of: [UInt8](data)) else {
            return [Finding(object: object, what: "an object file the grader cannot read")]
        }
        return findings(in: facts, object: object, given: given)
    }

    /// `moduleDefines`: what the module's objects define together (this object's alone if nil).
    static func findings(
        in facts: ObjectFacts, object: String, given: Set<String> = [], moduleDefines: Set<String>? = nil
    ) -> [Finding] {
        var found: [Finding] = []
        let ownNames = moduleDefines ?? facts.defined
        // In order, once: every rule below walks them (findings come out in the same order).
        let references = facts.undefined.sorted()
        let definitions = facts.defined.sorted()
        for name in references where setsAStaticProperty(name) && !ownNames.contains(name) {
            found.append(
                Finding(
                    object: object,
                    what:
                        "a change to a static property of another module's type (\(name)): it is the whole process's, and an answer keeps no state between the check's calls"
                ))
        }
        for section in facts.initializerSections {
            found.append(Finding(object: object, what: "code that runs before the check starts (section \(section))"))
        }
        for name in references where isRefusedByName(name) {
            let what =
                refusedReferences.contains(name) ? "a call to \(name)()" : "a use of the check's channel (\(name))"
            found.append(Finding(object: object, what: what))
        }
        // Every other C function or variable: only the compiler's own (`CompilerReferences`).
        for name in references
        where CompilerReferences.applies && !isRefusedByName(name) && isCIdentifier(name)
            && !CompilerReferences.allows(name)
        {
            found.append(
                Finding(
                    object: object,
                    what:
                        "a use of the C library's \(name) (an answer may use Swift's, Foundation's and the lab's code, not C functions)"
                ))
        }
        for name in references where CompilerReferences.applies && CompilerReferences.isOverlay(name) {
            found.append(
                Finding(
                    object: object,
                    what:
                        "a use of the C library through Swift (\(name)): an answer may use Swift's, Foundation's and the lab's code"
                ))
        }
        // The lab's libraries' files, processes and a check's instruments, however the answer reached them.
        for name in references {
            guard let refused = LabLibraryAccess.refusal(ofReference: name, given: given) else { continue }
            found.append(
                Finding(object: object, what: "a use of \(refused.module)'s \(refused.spelled): \(refused.sentence)"))
        }
        // Foundation's files, processes, environment and process-wide stores, however reached.
        for name in references {
            guard let refused = FoundationAccess.refusal(ofReference: name) else { continue }
            found.append(
                Finding(object: object, what: "a use of \(refused.owner)'s \(refused.spelled), which \(refused.reason)")
            )
        }
        // Foundation's and Dispatch's static functions that return nothing: a change of the process's.
        for name in references {
            guard let refused = ProcessWideCalls.refusal(of: name) else { continue }
            found.append(Finding(object: object, what: refused))
        }
        // Pointers and C argument lists, used or made, however the source reached them. Of the
        // definitions, the answer's own: the standard library's code emitted into every client
        // (`Task.init(name:)`'s closure over the name's bytes) is the library's, not the answer's.
        let made = facts.defined.filter(RawMemorySymbols.isTheAnswers)
        for name in facts.undefined.union(made).sorted() {
            guard let refused = RawMemorySymbols.refusal(of: name) else { continue }
            found.append(Finding(object: object, what: refused))
        }
        for name in references where belongsToTheCheck(name) {
            found.append(Finding(object: object, what: "a reference to the check's own code (\(name))"))
        }
        for name in definitions where belongsToTheCheck(name) {
            found.append(
                Finding(
                    object: object, what: "a definition of the check's own code (\(name)): it could replace the check's"
                ))
        }
        for name in definitions where !isSwiftName(name, weakAndHidden: facts.weakAndHidden.contains(name)) {
            found.append(
                Finding(
                    object: object,
                    what: "a C-named function or variable '\(name)' (it could replace one the check uses)"))
        }
        return found
    }

    /// Whether a mangled Swift name (`$s`, then each module as its name's length and the name)
    /// is of the check's modules: `CheckSupport`, built once, and each check's own, `check`. An answer cannot import them (the scan refuses the import),
    /// but by symbol (`@_silgen_name`) it could call `CheckReport.pass`, which sends a record
    /// with the run's secret, or the check's own entry point; and by defining one of their
    /// weak symbols (a protocol witness the support module's services use, say) it would
    /// replace the check's code at the link. A declaration of `CheckSupport`'s on another
    /// module's type (`extension Array`) mangles the module later in the name
    /// (`$sSa12CheckSupportE…`), so that one is looked for anywhere; `5check` could be part of
    /// an answer's own names, so only the check's own declarations (`$s5check…`) are.
    static func belongsToTheCheck(_ name: String) -> Bool {
        guard name.hasPrefix("$s") else { return false }
        let support = BatchToolchain.supportModule
        return name.contains("\(support.utf8.count)\(support)") || name.hasPrefix("$s5check")
    }

    /// Names the Swift compiler itself defines in a module: mangled (`$s…`), descriptive
    /// (`symbolic …`, `got.…`), or its own helpers (`__swift_…`, `_swift_…`, e.g.
    /// `_swift_implicitisolationactor_to_executor_cast` under default MainActor isolation). A
    /// plain C identifier is what `@_cdecl`/`@c` would define, the one kind that can replace
    /// a C function the check calls. The helpers are told from an `@c(_swift_retain)` by how
    /// the compiler emits them, weak and hidden (measured, Swift 6.3.1): libswiftCore exports
    /// names with those prefixes that it looks up by name (`_swift_retain`,
    /// `_swift_runtime_on_report`), and a strong definition, or one the link exports, would
    /// replace the runtime's for the whole check (found by an audit).
    static func isSwiftName(_ name: String, weakAndHidden: Bool) -> Bool {
        !isCIdentifier(name)
            || (weakAndHidden
                && (name.hasPrefix("__swift_") || name.hasPrefix("_swift_") || compilerFallbacks.contains(name)
                    || isExistentialCastHelper(name)))
    }

    /// The helpers the compiler emits, weak and hidden, for a cast to an existential (metatype):
    /// `dynamic_cast_existential_1_conditional` for `T.self is any Actor.Type` (a correct answer to
    /// 11 that tested its own type was refused, helper 198). An answer cannot define a C name
    /// (`@_cdecl` and `@_silgen_name` are refused by the scan), so these are the compiler's.
    static func isExistentialCastHelper(_ name: String) -> Bool {
        guard name.hasPrefix("dynamic_cast_existential_") else { return false }
        let rest = name.dropFirst("dynamic_cast_existential_".count).split(separator: "_", maxSplits: 1)
        return rest.count == 2 && !rest[0].isEmpty && rest[0].allSatisfy(\.isNumber)
            && ["conditional", "unconditional"].contains(rest[1])
    }

    /// Runtime entry points the compiler itself defines, weak and hidden, in a module that needs
    /// them where an older runtime lacks them: `swift_willThrowTyped` for a typed `throws(E)` (an
    /// audit's correct answer to 14 was refused). By name only: any other `swift_` definition
    /// could stand in for the runtime's within the check's binary.
    static let compilerFallbacks: Set<String> = ["swift_willThrowTyped"]

    static func isCIdentifier(_ name: String) -> Bool {
        name.unicodeScalars.first.map { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) } == true
            && name.unicodeScalars.allSatisfy {
                $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
            }
    }
}

/// What the inspection needs from one object file.
struct ObjectFacts {
    var initializerSections: [String] = []
    /// Global symbols referenced but not defined, and global symbols defined (C names as in C: no leading underscore).
    var undefined: Set<String> = []
    var defined: Set<String> = []
    /// Defined symbols that are weak and hidden: how the compiler emits its own helpers.
    var weakAndHidden: Set<String> = []
}

/// A little-endian reader that answers nil past the end instead of trapping.
/// Each read is one load from the array's memory, not a generic step per byte: the grader reads
/// every answer's objects (their section headers and symbol tables), and in the debug build the lab
/// runs in CI the byte-by-byte reads were about a tenth of its own CPU per answer (`perf`,
/// docs/MEASUREMENTS.md, session 66).
struct ByteReader {
    let bytes: [UInt8]
    func integer<T: FixedWidthInteger>(_ type: T.Type, at offset: Int) -> T? {
        let size = MemoryLayout<T>.size
        guard offset >= 0, offset <= bytes.count - size else { return nil }
        return T(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: T.self) })
    }
    func cString(at offset: Int, limit: Int = 4096) -> String? {
        guard offset >= 0, offset < bytes.count else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            let end = min(buffer.count, offset + min(limit, buffer.count - offset))
            var stop = offset
            while stop < end, buffer[stop] != 0 { stop += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[offset..<stop]), as: UTF8.self)
        }
    }
}
