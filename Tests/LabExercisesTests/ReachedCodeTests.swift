import Testing

@testable import LabExercises

/// 27 and 28: the async entry point may run no wait, on any thread: not in a callback's
/// closure, not in a function or initializer of the file's that it calls, however deep.
@Suite("The code a function can run, and the waits in it")
struct ReachedCodeTests {
    let rules = ForbiddenPattern.waitsReachedFrom("entry", "entry runs this")

    func found(_ source: String) -> [String] {
        SourceScanner.findings(in: source, forbidden: rules).map(\.what)
    }

    @Test func aWaitInACallbackClosureIsFound() {
        let source = """
            func entry() async -> Int {
                await withCheckedContinuation { continuation in
                    store.request { _ in
                        gate.wait()
                        continuation.resume(returning: 1)
                    }
                }
            }
            """
        #expect(found(source) == ["`.wait` (line 4)"])
    }

    @Test func aWaitIsFollowedThroughHelpersInitializersAndComputedProperties() {
        let source = """
            func bridge() -> Int {
                let s = DispatchSemaphore(value: 0)
                return 1
            }
            struct Waited {
                init() { gate.wait() }
                var size: Int { sleep(1); return 1 }
            }
            func helper() -> Int { bridge() }
            func entry() async -> Int {
                store.request { _ in _ = helper() + Waited().size }
                return 0
            }
            """
        #expect(found(source) == ["`DispatchSemaphore` (line 2)", "`.wait` (line 6)", "`sleep` (line 7)"])
    }

    @Test func aWaitTheEntryNeverRunsIsLeftAlone() {
        // The old bridge kept for synchronous callers, and a local value spelled like it.
        let source = """
            func title(for day: Int) -> String {
                gate.wait()
                return ""
            }
            protocol Source { func fetch() -> Int }
            func entry() async -> [String] {
                var titles: [String] = []
                for await (index, title) in group { titles[index] = title }
                return titles
            }
            """
        #expect(found(source).isEmpty)
        #expect(ReachedCode.lines(from: "missing", in: SwiftTokenizer.tokens(of: source)).isEmpty)
    }

    @Test func theMessageNamesTheEntryAndTheWait() {
        let findings = SourceScanner.findings(
            in: "func entry() async { q.request { Thread.sleep(forTimeInterval: 1) } }", forbidden: rules)
        #expect(findings.map(\.code) == ["`Thread.sleep`"])
        #expect(findings.first?.reason.hasPrefix("entry runs this: Thread.sleep blocks a thread") == true)
    }

    @Test func theRuleIsReadFromTheExercisesMetadata() throws {
        for (name, entry) in [("27", "thumbnailSize"), ("28", "loadWall")] {
            let exercise = try #require(TestLab.catalog.exercise(named: name))
            #expect(exercise.forbidden.contains { $0.shape == .reachedFrom(entry, .member("wait")) }, "\(name)")
        }
    }
}
