/// Code the Swift 6 compiler rejects, with the diagnostic it prints.
///
/// Lessons quote these instead of asking a student to break their build; the
/// test suite compiles each `source` with the toolchain and checks the message,
/// so a quoted diagnostic cannot drift from what the compiler really says.
public struct CompilerDiagnostic: Sendable {
    public let source: String
    public let message: String
    /// A warning leaves the code compiling; an error does not.
    public var isError = true
    /// Compile as a library file, not as a program's main file (whose top-level
    /// variables are implicitly on the main actor).
    public var parseAsLibrary = false
}

public enum CompilerDiagnostics {
    /// The book's `async takesTooLong()` that still calls `Thread.sleep`.
    public static let threadSleepInAsync = CompilerDiagnostic(
        source: """
            import Foundation

            func takesTooLong() async {
                Thread.sleep(forTimeInterval: 5)
            }
            """,
        message: "class method 'sleep' is unavailable from asynchronous contexts")

    /// The book's task group that writes each result into a captured dictionary.
    /// The book quotes "Mutation of captured var 'timeStamps' in concurrently-executing
    /// code"; Swift 6 reports it through `sending` instead (SE-0430).
    public static let capturedVarInTaskGroup = CompilerDiagnostic(
        source: """
            import Foundation

            func takesTooLong() async -> Date {
                try? await Task.sleep(for: .seconds(5))
                return Date()
            }

            func doSomething() async {
                var timeStamps: [Int: Date] = [:]
                await withTaskGroup(of: Void.self) { group in
                    for i in 1...5 {
                        group.addTask {
                            timeStamps[i] = await takesTooLong()
                        }
                    }
                }
            }
            """,
        message:
            "passing closure as a 'sending' parameter risks causing data races between code in the current task and concurrent execution of the closure"
    )

    /// The book's `builder.message = "hello"` on an actor.
    public static let actorPropertyMutatedFromOutside = CompilerDiagnostic(
        source: """
            actor BuildMessage {
                var message: String = ""
            }

            func someFunction() async {
                let builder = BuildMessage()
                builder.message = "hello"
            }
            """,
        message: "actor-isolated property 'message' can not be mutated from a nonisolated context")

    /// A `nonisolated` method that reads the actor's mutable state.
    public static let nonisolatedReadsMutableState = CompilerDiagnostic(
        source: """
            actor BuildMessage {
                var message: String = ""
                nonisolated func getGreeting() -> String {
                    return message
                }
            }
            """,
        message: "actor-isolated property 'message' can not be referenced from a nonisolated context")

    /// The joke app's first JokeService: a plain class called from a main-actor view.
    public static let jokeServiceNotMainActor = CompilerDiagnostic(
        source: """
            class JokeService {
                var joke = "Joke appears here"
                var isFetching = false

                func fetchJoke() async {
                    isFetching = true
                    try? await Task.sleep(for: .seconds(1))
                    joke = "fetched"
                    isFetching = false
                }
            }

            @MainActor
            final class ContentView {
                let jokeService = JokeService()

                func buttonTapped() {
                    Task {
                        await jokeService.fetchJoke()
                    }
                }
            }
            """,
        message: "sending 'self.jokeService' risks causing data races")

    /// The Kodeco tutorial's fix: `@MainActor` on `fetchJoke()` alone, the class left plain.
    /// Swift 6 accepts it (the compiler says nothing).
    public static let jokeServiceFetchOnMainActor = CompilerDiagnostic(
        source: """
            class JokeService {
                var joke = "Joke appears here"
                var isFetching = false

                @MainActor
                func fetchJoke() async {
                    isFetching = true
                    try? await Task.sleep(for: .seconds(1))
                    joke = "fetched"
                    isFetching = false
                }
            }

            @MainActor
            final class ContentView {
                let jokeService = JokeService()

                func buttonTapped() {
                    Task {
                        await jokeService.fetchJoke()
                    }
                }
            }
            """,
        message: "", isError: false)

    /// A direct call of a completion-handler shim kept beside its async version.
    public static let deprecatedCompletionShim = CompilerDiagnostic(
        source: """
            final class CoffeeHealthController {
                func save(_ milligrams: Double) async throws {}

                @available(*, deprecated, message: "Use the async save(_:) instead")
                func save(_ milligrams: Double, completion: @escaping @Sendable (Bool) -> Void) {
                    Task { completion(true) }
                }
            }

            func oldCallSite(_ controller: CoffeeHealthController) {
                controller.save(64) { _ in }
            }
            """,
        message: "'save(_:completion:)' is deprecated: Use the async save(_:) instead",
        isError: false)

    /// The book's `Task.cancel()`, as if cancel() were a static method of Task.
    public static let staticTaskCancel = CompilerDiagnostic(
        source: """
            func leaveScreen() async {
                Task.cancel()
            }
            """,
        message: "generic parameter 'Success' could not be inferred")

    /// A session's `Task.yield()` written without `await`.
    public static let yieldWithoutAwait = CompilerDiagnostic(
        source: """
            func crunch() async {
                Task.yield()
            }
            """,
        message: "expression is 'async' but is not marked with 'await'")

    /// The book's global `var builder = BuildMessage()`.
    public static let globalMutableActorReference = CompilerDiagnostic(
        source: """
            actor BuildMessage {
                var message = ""
            }
            var builder = BuildMessage()
            """,
        message: "var 'builder' is not concurrency-safe because it is nonisolated global shared mutable state",
        parseAsLibrary: true)

    /// `catch is Task.CancellationError`, as a tutorial writes it.
    public static let taskCancellationErrorType = CompilerDiagnostic(
        source: """
            func load() async {
                do {
                    try Task.checkCancellation()
                } catch is Task.CancellationError {
                }
            }
            """,
        message: "static method 'CancellationError()' is not a member type of 'Task'")

    /// A synchronous button action that awaits (the reason for the `Task {}` bridge).
    public static let awaitInSynchronousFunction = CompilerDiagnostic(
        source: """
            func takesTooLong() async {}

            func buttonTapped() {
                await takesTooLong()
            }
            """,
        message: "'async' call in a function that does not support concurrency")

    /// Coffee Tracker's first version: a Task that captures a local `var newDrinks`
    /// the function goes on changing. The fix is a capture list, `Task { [newDrinks] in … }`.
    public static let capturedVarInTask = CompilerDiagnostic(
        source: """
            struct Drink: Sendable { let milligrams: Double }
            actor CoffeeDataStore {
                var drinks: [Drink] = []
                func save(_ new: [Drink]) { drinks = new }
            }
            func addDrink(to store: CoffeeDataStore) {
                var newDrinks: [Drink] = []
                newDrinks.append(Drink(milligrams: 64))
                Task {
                    await store.save(newDrinks)
                }
                newDrinks.append(Drink(milligrams: 128))
            }
            """,
        message: "sending value of non-Sendable type '() async -> ()' risks causing data races",
        parseAsLibrary: true)

    /// The WWDC session's shape: a local `var newDrinks` read in `await MainActor.run { … }`,
    /// its last use. The session shows an error here; Swift 6's region-based isolation accepts
    /// it (no diagnostic: `message` is empty, and the test requires a clean compile).
    public static let sessionsCapturedVarInMainActorRun = CompilerDiagnostic(
        source: """
            struct Drink: Sendable { let milligrams: Double }
            @MainActor func updateModel(newDrinks: [Drink]) {}
            func loadNewData(samples: [Double]?) async {
                var newDrinks: [Drink] = []
                if let samples {
                    newDrinks = samples.map { Drink(milligrams: $0) }
                }
                await MainActor.run {
                    updateModel(newDrinks: newDrinks)
                }
            }
            """,
        message: "", isError: false, parseAsLibrary: true)

    /// The book's TimeStore with only the property on the main actor.
    public static let mainActorPropertyFromNonisolatedMethod = CompilerDiagnostic(
        source: """
            import Foundation

            class TimeStore {
                @MainActor var timeStamps: [Int: Date] = [:]

                func addStamp(task: Int, date: Date) {
                    timeStamps[task] = date
                }
            }
            """,
        message: "main actor-isolated property 'timeStamps' can not be mutated from a nonisolated context",
        parseAsLibrary: true)

    /// A synchronous @MainActor method called from nonisolated async code without `await`.
    public static let mainActorMethodWithoutAwait = CompilerDiagnostic(
        source: """
            import Foundation

            @MainActor
            final class TimeStore {
                var timeStamps: [Int: Date] = [:]
                func addStamp(task: Int, date: Date) { timeStamps[task] = date }
            }

            func record(_ store: TimeStore) async {
                store.addStamp(task: 1, date: Date())
            }
            """,
        message:
            "main actor-isolated instance method 'addStamp(task:date:)' cannot be called from outside of the actor",
        parseAsLibrary: true)

    /// Coffee Tracker's completion-handler shim kept on the class that became an actor.
    public static let actorShimIsolated = CompilerDiagnostic(
        source: actorShimSource(nonisolated: false),
        message:
            "call to actor-isolated instance method 'requestAuthorization(completionHandler:)' in a synchronous nonisolated context",
        parseAsLibrary: true)

    /// The same shim marked `nonisolated`, as the session does: it compiles, with the deprecation nudge.
    public static let actorShimNonisolated = CompilerDiagnostic(
        source: actorShimSource(nonisolated: true),
        message: "'requestAuthorization(completionHandler:)' is deprecated: Prefer async alternative instead",
        isError: false, parseAsLibrary: true)

    static func actorShimSource(nonisolated: Bool) -> String {
        """
        actor HealthKitController {
            func requestAuthorization() async -> Bool { true }

            @available(*, deprecated, message: "Prefer async alternative instead")
            \(nonisolated ? "nonisolated " : "")func requestAuthorization(completionHandler: @escaping @Sendable (Bool) -> Void) {
                Task { completionHandler(await self.requestAuthorization()) }
            }
        }

        func oldCallSite(_ controller: HealthKitController) {
            controller.requestAuthorization { _ in }
        }
        """
    }

    public static let all = [
        awaitInSynchronousFunction, capturedVarInTask, threadSleepInAsync, capturedVarInTaskGroup,
        actorPropertyMutatedFromOutside,
        nonisolatedReadsMutableState, jokeServiceNotMainActor, jokeServiceFetchOnMainActor, deprecatedCompletionShim,
        staticTaskCancel, yieldWithoutAwait, globalMutableActorReference, taskCancellationErrorType,
        mainActorPropertyFromNonisolatedMethod, mainActorMethodWithoutAwait, actorShimIsolated, actorShimNonisolated,
        sessionsCapturedVarInMainActorRun,
    ]
}
