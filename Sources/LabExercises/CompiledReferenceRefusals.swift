import CLabShims
import Foundation
import LabSourceScan

// The scan's refusals (`LabLibraryAccess`, `FoundationAccess`, read from an answer's source by
// LabSourceScan) as a compiled answer names them: the references in its object file, mangled, read
// here by the Swift runtime's demangler (`ModuleInspection`, `RawMemorySymbols`, `ProcessWideCalls`).

extension LabLibraryAccess {
    /// The refused entry a compiled answer's reference (a mangled Swift name) is to, if any, read
    /// from its demangled name: a mangled name shortens words it has spelled already (`cpuCount`
    /// after `cpuModel` is `0I5Count`), so a name cannot be looked for as written. Only the
    /// entity's own path counts (`static LabStorage.SQLiteConnection.removeFiles`), not the types
    /// in its signature: `MarsRoverClient.simulated(_:meter:hold:)` takes a `PeakHold?` and an
    /// answer may call it. `given`'s entries (`spelled`) are not refused: the exercise's given
    /// code, compiled into the answer's module, uses them itself (02's given model holds a
    /// `PeakHold`); the scan still refuses the answer's own use by name.
    static func refusal(ofReference name: String, given: Set<String> = []) -> Refused? {
        // Most of an answer's references are the standard library's and Foundation's: the
        // libraries' names first (a module's name is spelled in full where its entities' start).
        guard name.hasPrefix("$s"), modulesMangled.contains(where: { name.contains($0) }),
            let demangled = demangle(name)
        else { return nil }
        let path = entityPath(demangled)
        return qualified.first { entry, name in !given.contains(entry.spelled) && path.containsName(name) }?.0
    }

    private static let modulesMangled = Set(refused.map { "\($0.module.utf8.count)\($0.module)" })
    /// Each entry with its path as a demangled name spells it (`LabStorage.SQLiteConnection.removeFiles`).
    private static let qualified = refused.map { ($0, "\($0.module).\($0.spelled)") }

    static func demangle(_ name: String) -> String? {
        name.withCString { mangled in
            guard let demangled = swift_demangle(mangled, strlen(mangled), nil, nil, 0) else { return nil }
            defer { free(demangled) }
            return String(cString: demangled)
        }
    }

    /// A demangled name less its signature: up to its parameters (a `(` right after a name) or
    /// its type (` : `).
    static func entityPath(_ demangled: String) -> Substring {
        var previous: Character = " "
        for index in demangled.indices {
            let character = demangled[index]
            if character == "(" && (previous.isLetter || previous.isNumber || previous == "_") {
                return demangled[..<index]
            }
            if demangled[index...].hasPrefix(" : ") { return demangled[..<index] }
            previous = character
        }
        return demangled[...]
    }
}

extension FoundationAccess {
    /// The refused entry a compiled answer's reference (a mangled Swift name) is to, if any: its
    /// entity's own path (`LabLibraryAccess.entityPath`), and for a member the labels its
    /// arguments begin with; the types in its signature do not count (`Data.init(repeating:)`).
    static func refusal(ofReference name: String) -> Refused? {
        // A Mac's reference to an Objective-C class (C names without their leading underscore).
        if name.hasPrefix(objectiveCClass) {
            let objectiveC = name.dropFirst(objectiveCClass.count)
            return refused.first { $0.objectiveC.map { $0 == objectiveC } ?? false }
        }
        // `$sSo…`: a member of an imported Objective-C class's (a Mac's `__C.NSFileManager.default`).
        guard name.hasPrefix("$s"),
            name.contains("Foundation") || name.contains("Dispatch") || name.hasPrefix("$sSo"),
            let demangled = LabLibraryAccess.demangle(name)
        else { return nil }
        let path = LabLibraryAccess.entityPath(demangled)
        let arguments = demangled[path.endIndex...]
        return refused.first { entry in
            entry.paths.contains { path.containsName($0) }
                && (entry.labels.isEmpty || entry.labels.contains { arguments.hasPrefix("(\($0)") })
        }
    }

    /// How a Mach-O object names a reference to an Objective-C class (`_OBJC_CLASS_$_NSFileManager`,
    /// read without the leading underscore, as C names are).
    static let objectiveCClass = "OBJC_CLASS_$_"
}

extension Substring {
    /// Whether `name` is in this as a whole name: not followed by more of one (`LabFolder` is
    /// not `LabFolderX`) nor preceded by more of one.
    func containsName(_ name: String) -> Bool {
        var rest = self[...]
        while let found = rest.range(of: name) {
            let before = found.lowerBound > startIndex ? self[index(before: found.lowerBound)] : " "
            let after = found.upperBound < endIndex ? self[found.upperBound] : " "
            let isPart: (Character) -> Bool = { $0.isLetter || $0.isNumber || $0 == "_" }
            if !isPart(before) && !isPart(after) { return true }
            rest = self[found.upperBound...]
        }
        return false
    }
}
