/// The modules an answer can name without importing them: Foundation loads the C library's
/// module (`SwiftGlibc`) and the standard library its shims, and a name qualified by a module
/// (`SwiftGlibc.write(…)`) reaches that module's functions whatever the file imports.
package enum SystemModules {
    /// The C modules of the toolchain, the system and the lab: no answer names one. Refused as
    /// a word, so `SwiftGlibc.fopen` is refused whether or not `fopen` is on a list.
    static let cModules = [
        "Glibc", "SwiftGlibc", "Darwin", "Musl", "Bionic", "Android", "WinSDK", "ucrt", "CRT", "WASILibc",
        "SwiftShims", "SwiftOverlayShims", "_SwiftConcurrencyShims", "_SynchronizationShims", "CoreFoundation",
        "_FoundationCShims", "_FoundationICU", "_foundation_unicode", "CDispatch", "DispatchIntrospection", "CUUID",
        "CLabShims", "CLabSandbox", "CLabAllocations", "CLabHops", "CheckChannel",
    ]

    /// Qualifiers before which a function's name is the system's (`Glibc.sleep`,
    /// `Foundation.fopen`, `Swift.print`): the C modules, and the Swift modules that re-export
    /// them or wrap the system.
    static let qualifiers = Set(
        cModules + [
            "Swift", "_Concurrency", "_StringProcessing", "Foundation", "FoundationEssentials",
            "FoundationInternationalization", "Dispatch", "Synchronization", "Observation",
        ])

    /// As a qualifier only (`SwiftGlibc.fopen`): a compile-time condition names a platform too
    /// (`#if canImport(Darwin)`, `os(Android)`), and reaches nothing (a review found those refused).
    /// `import Darwin` is refused by the imports' own list.
    static let patterns = cModules.map {
        ForbiddenPattern(
            "\($0).",
            "\($0) is a C module: naming it reaches the system's C functions directly; an answer uses Swift's APIs",
            shape: .tokens([$0, "."]))
    }
}
