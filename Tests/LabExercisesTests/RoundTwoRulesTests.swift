import Testing

@testable import LabExercises
@testable import LabSourceScan

/// The rules a round of false-refusal hunting changed: each allows what a correct answer does
/// and still refuses the shortcut beside it.
@Suite("Rules that tell a correct answer from the shortcut beside it")
struct RoundTwoRulesTests {
    func refused(_ code: String, _ patterns: [ForbiddenPattern]) -> Bool {
        !SourceScanner.violations(in: code, forbidden: patterns).isEmpty
    }

    @Test func aWaitOfTheFilesOwnIsNotTheSystems() {
        let blocking = ForbiddenPattern.blocking
        let own = "actor Permits { func wait() async {} }\n"
        #expect(!refused(own + "func f(p: Permits) async { await p.wait() }", blocking))
        #expect(!refused(own + "func f(p: [Permits]) async { try? await p[0].wait() }", blocking))
        // A method of its own, async or not: an actor's `sync` that brings a cache in sync.
        #expect(
            !refused("actor Cache { func sync(_ n: Int) {} }\nfunc f(c: Cache) async { await c.sync(1) }", blocking))
        // Not the file's own, or where a DispatchGroup's wait could be meant.
        #expect(refused("func f(s: S) async { await s.wait() }", blocking))
        #expect(refused(own + "func f(g: DispatchGroup) async { await g.wait() }", blocking))
        // SimulatedWork blocks only in `block`: naming it (01's and 07's given signatures do) leaves
        // an own `wait` excused, and an own `block` not (an audit's false refusal).
        let work = "func takesTooLong(_ work: SimulatedWork) async {}\n"
        #expect(!refused(work + own + "func f(p: Permits) async { await p.wait() }", blocking))
        expect(
            refused(
                work + "actor A { func block() {} }\nfunc f(w: SimulatedWork) { w.block(sourceSeconds: 1) }", blocking))
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
        let exercise = try unwrap(TestLab.catalog.exercise(named: "30"))
        expect(refused("func f() { DispatchQueue.main.async {} }", exercise.forbidden))
        expect(refused("let t = DispatchSource.makeTimerSource()", exercise.forbidden))
        #expect(!refused("func f() async { await MainActor.run {} }", exercise.forbidden))
    }

    @Test func theCompilersOwnRuntimeFallbackIsNotTheAnswers() {
        expect(ModuleInspection.isSwiftName("swift_willThrowTyped", weakAndHidden: true))
        expect(!ModuleInspection.isSwiftName("swift_willThrowTyped", weakAndHidden: false))
        expect(!ModuleInspection.isSwiftName("swift_retain", weakAndHidden: true))
        // A cast to an existential metatype's helper (`T.self is any Actor.Type`), weak and hidden only.
        expect(ModuleInspection.isSwiftName("dynamic_cast_existential_1_conditional", weakAndHidden: true))
        expect(ModuleInspection.isSwiftName("dynamic_cast_existential_2_unconditional", weakAndHidden: true))
        expect(!ModuleInspection.isSwiftName("dynamic_cast_existential_1_conditional", weakAndHidden: false))
        expect(!ModuleInspection.isSwiftName("dynamic_cast_existential_x_conditional", weakAndHidden: true))
        expect(!ModuleInspection.isSwiftName("dynamic_cast_existential_1_read", weakAndHidden: true))
    }

    @Test func theFilesOwnEnumCaseOrAsyncLetIsNoBlockingWait() {
        let blocking = ForbiddenPattern.blocking
        expect(!refused("enum Entry { case ready(Int), wait(Int) }\nfunc f() -> Entry { .wait(1) }", blocking))
        #expect(
            !refused(
                "actor Gate { func wait() async -> Int { 1 } }\nfunc f(g: Gate) async { async let n = g.wait(); _ = await n }",
                blocking))
        // Where the code names a type whose member of that name blocks, its own names excuse nothing.
        expect(refused("enum E { case sync }\nfunc f(q: DispatchQueue) { q.sync {} }", blocking))
        #expect(
            refused("actor G { func sync() async {} }\nfunc f(q: DispatchQueue) async { await q.sync {} }", blocking))
        // A queue whose type is read off an API's signature, never written.
        expect(
            refused(
                "func sync() {}\nfunc f() { let q = make(DispatchSource.makeTimerSource) { .init(label: \"x\") }\n q.sync {} }",
                blocking))
    }

    @Test func everyUseOfTaskButItsStateAndWaitsIsUnstructured() {
        let task = ForbiddenPattern.unstructured("structure")
        for code in [
            "let t: Task? = .init { 1 }", "let t = (Task)(operation: { 1 })", "let t = .init { 1 } as Task",
            "let ts: [Task] = [1].map { _ in .init { 1 } }", "Task.immediateDetached { }", "_Concurrency.Task { }",
            "typealias T = Task\nT { }",
        ] {
            expect(refused(code, task), "\(code)")
        }
        for code in [
            "if Task.isCancelled {}", "try Task.checkCancellation()", "await Task.yield()", "_ = Task.currentPriority",
            "group.addTask { 1 }", "let p: TaskPriority = .high", "x.Task = 1",
            // SE-0469: the current task's name, read in a named child (an audit's correct answer).
            "print(Task.name ?? \"a child\")",
        ] {
            expect(!refused(code, task), "\(code)")
        }
    }
}
