import LabCore
import LabScenarios

/// A few lines of app code that some modes refuse and others accept, with the compiler's
/// words in each mode. A test compiles every snippet under every mode's flags and checks
/// each outcome, so the table the lesson prints cannot drift from the compiler.
struct ModeDiagnostic: Sendable {
    let name: String
    /// What the snippet does, in a learner's words.
    let title: String
    let source: String
    /// The error each mode reports (part of the message), or nil where it compiles.
    let errors: [CompileMode: String]
    /// The fix that compiles in the refusing modes, in one line.
    let fix: String

    func error(in mode: CompileMode) -> String? { errors[mode] }
}

enum ModeDiagnostics {
    /// The joke app's plain service held by a main-actor model (main-actor lesson, jokeServiceNotMainActor).
    static let serviceHeldByMainActorModel = ModeDiagnostic(
        name: "service-from-model",
        title: "a @MainActor model awaits a plain class's async method",
        source: """
            final class JokeService {
                func fetch() async -> String { "a joke" }
            }

            @MainActor final class JokeModel {
                let service = JokeService()
                var joke = ""
                func refresh() async {
                    joke = await service.fetch()
                }
            }
            """,
        errors: [.swift6: "sending 'self.service' risks causing data races"],
        fix: "Swift 6: make JokeService Sendable or an actor, or mark fetch() nonisolated(nonsending)")

    /// A mutable static, the usual "shared settings".
    static let mutableStatic = ModeDiagnostic(
        name: "mutable-static",
        title: "a mutable static property",
        source: """
            struct Settings {
                static var shared = Settings()
                var volume = 5
            }
            """,
        errors: [
            .swift6:
                "static property 'shared' is not concurrency-safe because it is nonisolated global shared mutable state",
            .approachable:
                "static property 'shared' is not concurrency-safe because it is nonisolated global shared mutable state",
        ],
        fix: "mark it @MainActor (what main actor by default infers), or make it a let")

    /// A @MainActor model conforming to a nonisolated protocol.
    static let mainActorTypeConformance = ModeDiagnostic(
        name: "main-actor-conformance",
        title: "a @MainActor model conforms to Equatable",
        source: """
            @MainActor
            final class GalleryModel {
                var photos: [String] = []
            }

            extension GalleryModel: Equatable {
                static func == (a: GalleryModel, b: GalleryModel) -> Bool { a.photos == b.photos }
            }
            """,
        errors: [
            .swift6:
                "conformance of 'GalleryModel' to protocol 'Equatable' crosses into main actor-isolated code and can cause data races"
        ],
        fix: "write the isolated conformance: extension GalleryModel: @MainActor Equatable")

    /// An isolated conformance used where it is not isolated.
    static let isolatedConformanceOffMain = ModeDiagnostic(
        name: "conformance-off-main",
        title: "a bare type's Equatable used in a @concurrent function",
        source: """
            final class Counter {
                let value = 0
            }

            extension Counter: Equatable {
                static func == (a: Counter, b: Counter) -> Bool { a.value == b.value }
            }

            nonisolated func same<T: Equatable>(_ a: T, _ b: T) -> Bool { a == b }

            @concurrent func check(_ a: Counter, _ b: Counter) async -> Bool { same(a, b) }
            """,
        errors: [
            .mainActorByDefault:
                "main actor-isolated conformance of 'Counter' to 'Equatable' cannot be used in nonisolated context",
            .xcodeAppTemplate:
                "main actor-isolated conformance of 'Counter' to 'Equatable' cannot be used in nonisolated context",
        ],
        fix: "main actor by default: extension Counter: nonisolated Equatable, with a nonisolated ==")

    /// A @concurrent method reading its own type's state.
    static let concurrentReadsState = ModeDiagnostic(
        name: "concurrent-reads-state",
        title: "a @concurrent method reads its type's stored property",
        source: """
            final class Store {
                var items: [Int] = []
                @concurrent func count() async -> Int { items.count }
            }

            @MainActor func tap(_ store: Store) async {
                _ = await store.count()
            }
            """,
        errors: [
            .swift6: "sending 'store' risks causing data races",
            .approachable: "sending 'store' risks causing data races",
            .mainActorByDefault: "main actor-isolated property 'items' cannot be accessed from outside of the actor",
            .xcodeAppTemplate: "main actor-isolated property 'items' cannot be accessed from outside of the actor",
        ],
        fix: "pass @concurrent code the values it needs (a copy of items), not the object")

    /// Every snippet, in the order the lesson shows them.
    static let all = [
        serviceHeldByMainActorModel, mutableStatic, mainActorTypeConformance,
        isolatedConformanceOffMain, concurrentReadsState,
    ]
}
