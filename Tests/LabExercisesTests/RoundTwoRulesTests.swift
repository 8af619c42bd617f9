import Testing

@testable import LabExercises

/// The rules a round of false-refusal hunting changed: each allows what a correct answer does
/// and still refuses the shortcut beside it.
@Suite("Rules that tell a correct answer from the shortcut beside it")
struct RoundTwoRulesTests {
    func refused(_ code: String, _ patterns: [ForbiddenPattern]) -> Bool {
        !SourceScanner.violations(in: code, forbidden: patterns).isEmpty
    }

    @Test func anAwaitedWaitOfTheFilesOwnAsyncFunctionSuspends() {
        let blocking = ForbiddenPattern.blocking
        let own = "actor Permits { func wait() async {} }\n"
        #expect(!refused(own + "func f(p: Permits) async { await p.wait() }", blocking))
        #expect(!refused(own + "func f(p: [Permits]) async { try? await p[0].wait() }", blocking))
        // Not awaited, not the file's own async function, or where a DispatchGroup's wait could be meant.
        #expect(refused(own + "func f(p: Permits) { p.wait() }", blocking))
        #expect(refused("func f(s: S) async { await s.wait() }", blocking))
        #expect(refused(own + "func f(g: DispatchGroup) async { await g.wait() }", blocking))
    }

    @Test func aCallIsAllowedWhenItPassesTheNamedArgument() {
        let sleep = [
            ForbiddenPattern("Task.sleep", "real clock", shape: .callWithout(["Task", ".", "sleep"], label: "clock"))
        ]
        #expect(
            !refused(
                "func f(c: some Clock<Duration>) async throws { try await Task.sleep(for: .seconds(1), clock: c) }",
                sleep))
        #expect(refused("func f() async throws { try await Task.sleep(for: .seconds(1)) }", sleep))
        #expect(refused("func f() async throws { try await Task.sleep(nanoseconds: 1) }", sleep))
        // A label inside another call's arguments is not this call's.
        #expect(refused("func f() async throws { try await Task.sleep(for: g(clock: 1)) }", sleep))
    }

    @Test func aNameWithAStarInTheMetadataIsOneNameByGlob() throws {
        let exercise = try #require(TestLab.catalog.exercise(named: "30"))
        #expect(refused("func f() { DispatchQueue.main.async {} }", exercise.forbidden))
        #expect(refused("let t = DispatchSource.makeTimerSource()", exercise.forbidden))
        #expect(!refused("func f() async { await MainActor.run {} }", exercise.forbidden))
    }

    @Test func theCompilersOwnRuntimeFallbackIsNotTheAnswers() {
        #expect(ModuleInspection.isSwiftName("swift_willThrowTyped", weakAndHidden: true))
        #expect(!ModuleInspection.isSwiftName("swift_willThrowTyped", weakAndHidden: false))
        #expect(!ModuleInspection.isSwiftName("swift_retain", weakAndHidden: true))
    }
}
