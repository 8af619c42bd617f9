/// The isolation modes a learner meets, as compiler settings. The same code runs in a
/// different place under each (see the isolation-modes lesson).
public enum CompileMode: String, CaseIterable, Sendable, Codable {
    /// Swift 6 language mode as shipped: no 6.2 upcoming features, nonisolated by default.
    case swift6 = "swift-6"
    /// Xcode 26's "Approachable Concurrency": async functions stay on the caller's actor
    /// (`nonisolated(nonsending)` by default, SE-0461) and isolated conformances are inferred (SE-0470).
    case approachable
    /// Unannotated code is `@MainActor` (SE-0466), nothing else changed.
    case mainActorByDefault = "main-actor-by-default"
    /// Xcode 26's new app template: main actor by default and approachable concurrency.
    case xcodeAppTemplate = "xcode-26-app"

    public var title: String {
        switch self {
        case .swift6: "Swift 6"
        case .approachable: "approachable"
        case .mainActorByDefault: "MainActor default"
        case .xcodeAppTemplate: "Xcode 26 app"
        }
    }

    /// Whether unannotated code is @MainActor in this mode (SE-0466).
    public var defaultsToMainActor: Bool { self == .mainActorByDefault || self == .xcodeAppTemplate }

    /// The Swift 6.2 upcoming features the mode turns on.
    public var upcomingFeatures: [String] {
        self == .approachable || self == .xcodeAppTemplate
            ? ["NonisolatedNonsendingByDefault", "InferIsolatedConformances"] : []
    }

    /// The settings, as a package manifest's `swiftSettings` spells them.
    public var packageSettings: [String] {
        (defaultsToMainActor ? [".defaultIsolation(MainActor.self)"] : [])
            + upcomingFeatures.map { ".enableUpcomingFeature(\"\($0)\")" }
    }

    /// The same settings as `swiftc` flags (after `-swift-version 6`).
    public var compilerFlags: [String] {
        (defaultsToMainActor ? ["-default-isolation", "MainActor"] : [])
            + upcomingFeatures.flatMap { ["-enable-upcoming-feature", $0] }
    }

    /// One line: what the mode changes, for headings and `lab doctor`.
    public var summary: String {
        switch self {
        case .swift6:
            "Swift 6 language mode as shipped: a nonisolated async function runs on the global executor; unannotated code is nonisolated"
        case .approachable:
            "NonisolatedNonsendingByDefault + InferIsolatedConformances (Xcode 26's Approachable Concurrency): a nonisolated async function runs on its caller's actor"
        case .mainActorByDefault: "default isolation MainActor (SE-0466): unannotated code is @MainActor"
        case .xcodeAppTemplate:
            "default isolation MainActor + Approachable Concurrency: what Xcode 26's new app projects use"
        }
    }

    /// The mode the lab itself (and every lesson but isolation-modes) is compiled in, read
    /// from the compiler's own feature checks for the module that calls this.
    public static var ofTheLab: CompileMode {
        #if hasFeature(NonisolatedNonsendingByDefault)
            return .approachable
        #else
            return .swift6
        #endif
    }
}
