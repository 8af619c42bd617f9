import Foundation
import LabCore
import Testing

@testable import LabExercises
@testable import LabSourceScan

/// What the async-context scan sees as async, and what it refuses there. The list it
/// reads is the lab's own (`docs/async-restrictions.json`), so these also prove the data.
@Suite("The async-context scan: where code is async, and what may not run there")
struct AsyncContextScannerTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let restrictions: [AsyncRestriction] =
        (try? AsyncRestriction.load(from: root.appendingPathComponent("docs/async-restrictions.json"))) ?? []

    /// (line, api) of each finding in `source`.
    func found(_ source: String, file: String = "Example.swift", takers: Set<String> = []) -> [String] {
        AsyncContextScanner.findings(
            in: source, file: file, restrictions: Self.restrictions, asyncClosureTakers: takers
        )
        .map { "\($0.line) \($0.api)" }
    }

    @Test func theListIsReadAndEveryEntrySaysWhereItWasRead() throws {
        let list = try AsyncRestriction.load(from: Self.root.appendingPathComponent("docs/async-restrictions.json"))
        expectAtLeast(list.count, 30)
        expect(list.allSatisfy { !$0.source.isEmpty && !$0.message.isEmpty })
        let appleOnly = Set(list.filter { $0.kind == .unavailableFromAsync }.map(\.api))
        expect(
            appleOnly.isSuperset(of: [
                "Thread.isMainThread", "DispatchSemaphore.wait(", "DispatchGroup.wait(", "Thread.current",
                "Thread.sleep", "NSLock.lock()", "pthread_mutex_lock(", "pthread_join(", ".waitUntilFinished()",
            ]))
        let blocking = Set(list.filter { $0.kind == .blocking }.map(\.api))
        expect(
            blocking.isSuperset(of: [
                "usleep(", "sleep(", "nanosleep(", "waitpid(", ".waitUntilExit()", ".readDataToEndOfFile()",
                "ThreadBlocker.hold(", "ProcessCapture.run(", ".gradeBlocking(",
            ]))
    }

    /// Read in Apple's NSRunLoop.h and NSLock.h, and refused by Linux's Foundation as well.
    @Test func runLoopsConditionLocksAndWaitingOperationQueuesAreRefused() {
        expectEqual(
            found(
                """
                func f() async {
                    let loop = RunLoop.current
                    let lock = NSConditionLock(condition: 0)
                    _ = lock.try()
                    let queue = OperationQueue()
                    queue.addOperations([], waitUntilFinished: true)
                    _ = RunLoop.main.run(mode: .default, before: .now)
                    let recursive = NSRecursiveLock()
                    _ = recursive.lock(before: .now)
                }
                func g() {
                    let loop = RunLoop.current
                }
                """),
            [
                "2 RunLoop.current", "4 NSConditionLock.try()", "6 OperationQueue.addOperations(", "7 .run(mode:",
                "9 NSRecursiveLock.lock(before:",
            ])
    }

    /// Read in the macOS SDK's pthread.h, os/lock.h, CFRunLoop.h, NSRunLoop.h, NSProgress.h,
    /// NSKeyValueObserving.h and NSOperation.h: Linux compiles the pthread calls and lacks the
    /// rest, a Mac refuses them all, so no HAZARD comment exempts them.
    @Test func pthreadLocksUnfairLocksTheMainRunLoopAndOperationWaitsAreRefused() {
        expectEqual(
            found(
                """
                /// HAZARD, on purpose: still refused on a Mac.
                func f() async {
                    pthread_mutex_lock(&mutex)
                    _ = pthread_rwlock_wrlock(&rw)
                    pthread_join(thread, nil)
                    os_unfair_lock_lock(&unfair)
                    RunLoop.main.run()
                    _ = CFRunLoopGetCurrent()
                    _ = Progress.current()
                    model.willChangeValue(forKey: "title")
                    operation.waitUntilFinished()
                    _ = Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in }
                    RunLoop.main.perform {}
                }
                func g() { pthread_mutex_lock(&mutex); RunLoop.main.run() }
                """),
            [
                "3 pthread_mutex_lock(", "4 pthread_rwlock_wrlock(", "5 pthread_join(", "6 os_unfair_lock_lock(",
                "7 RunLoop.main.run()", "8 CFRunLoopGetCurrent(", "9 Progress.current()", "10 .willChangeValue(forKey:",
                "11 .waitUntilFinished()",
            ])
    }

    /// Read in the macOS SDK's NSThread.h and NSKeyValueObserving.h: Swift names whose first
    /// argument has no label, so a later label (`onlyWithArgument`) tells the refused overload
    /// from a method of the same name: `RunLoop.main.perform {}` and an answer's own
    /// `willChange(_:)` are not Apple's marked ones.
    @Test func callsKnownByALaterLabelAreRefusedOnlyWithIt() {
        expectEqual(
            found(
                """
                func f() async {
                    model.perform(#selector(Model.refresh), on: worker, with: nil, waitUntilDone: true)
                    model.willChange(.insertion, valuesAt: [0], forKey: "items")
                    model.didChange(.insertion, valuesAt: [0], forKey: "items")
                    RunLoop.main.perform {}
                    RunLoop.main.perform(inModes: [.default]) {}
                    model.willChange(.insertion)
                    model.performSelector(inBackground: #selector(Model.refresh), with: nil)
                }
                func g() { model.perform(#selector(Model.refresh), on: worker, with: nil, waitUntilDone: true) }
                """),
            ["2 .perform(", "3 .willChange(", "4 .didChange("])
    }

    @Test func theBodyOfAnAsyncFunctionIsAsync() {
        expectEqual(
            found(
                """
                func f() async {
                    let x = Thread.isMainThread
                }
                func g() async throws -> Int { usleep(1); return 0 }
                """), ["2 Thread.isMainThread", "4 usleep("])
    }

    /// The lab's own rule is stricter than the compiler's: a closure that a call runs at once
    /// (`withLock {}`, `map {}`, the code's own `syncSpan {}`) blocks the async caller's thread
    /// as its body would. A closure kept for later (`Thread {}`, `queue.async {}`) and
    /// `MainActor.run {}` (another actor's turn) are not read so; nor is any, for a student's
    /// answer, where the scan says what the compiler refuses.
    @Test func ownCodeReadsAClosureRunAtOnceAsTheContextAroundIt() {
        let source = """
            func syncSpan<T>(_ name: String, _ body: () -> T) -> T { body() }
            func f() async {
                let all = [1, 2].map { _ in usleep(1) }
                let fine = lock.withLock { usleep(2) }
                syncSpan("wait") { usleep(3) }
                Thread { usleep(4) }.start()
                queue.async { usleep(5) }
                await MainActor.run { usleep(6) }
                print(all, fine)
            }
            func g() { lock.withLock { usleep(7) } }
            """
        let strict = AsyncContextScanner.findings(
            inFiles: [("Own.swift", source)], restrictions: Self.restrictions, closuresRunNowBlock: true)
        expectEqual(strict.map { "\($0.line) \($0.api)" }, ["3 usleep(", "4 usleep(", "5 usleep("])
        expectContains(strict.last?.context ?? "", "syncSpan, which runs at once")
        expectEqual(
            AsyncContextScanner.findings(inFiles: [("Answer.swift", source)], restrictions: Self.restrictions).count, 0)
    }

    /// A name declared more than once (`update`: a record's and a bar's) is followed where its
    /// type declares it once, through a call that names the type; the other type's is not blamed.
    @Test func aHelperSharingItsNameIsFollowedThroughItsType() {
        let source = """
            struct Record: Sendable, Equatable {
                static func update() { usleep(10) }
            }
            enum Bar {}
            extension Bar {
                static func update() { print("drawn") }
            }
            func f() async {
                Record.update()
                Bar.update()
            }
            """
        let findings = AsyncContextScanner.findings(inFiles: [("Own.swift", source)], restrictions: Self.restrictions)
        expectEqual(findings.map { "\($0.line) \($0.api)" }, ["9 Record.update("])
        expectContains(findings.first?.message ?? "", "it calls usleep(")
    }

    @Test func synchronousFunctionsAndClosuresInsideAsyncOnesAreNot() {
        #expect(
            found(
                """
                func f() async {
                    func helper() -> Bool { Thread.isMainThread }
                    let all = [1, 2].map { _ in Thread.isMainThread }
                    let fine = lock.withLock { usleep(1) }
                    await MainActor.run { usleep(1) }
                    if helper() { print(all) }
                }
                func sync() -> () async -> Void { usleep(1); return {} }
                """) == [])
    }

    @Test func aClosureIsAsyncWhenItAwaitsOrIsGivenToATaskAPI() {
        #expect(
            found(
                """
                func sync() {
                    Task { usleep(1) }
                    Task.detached(priority: .low) { usleep(2) }
                    Task<Void, Never> { usleep(3) }
                    let later = { () async in usleep(4) }
                    let awaits = {
                        await other()
                        if true { usleep(6) }
                    }
                    let loops = { for await x in stream { usleep(8) } }
                }
                func g() async {
                    await withTaskGroup(of: Void.self) { group in
                        group.addTask { usleep(13) }
                        group.addTaskUnlessCancelled(priority: nil) { usleep(14) }
                        usleep(15)
                    }
                    await withTaskCancellationHandler {
                        usleep(19)
                    } onCancel: {
                        usleep(21)
                    }
                }
                """) == [
                    "2 usleep(", "3 usleep(", "4 usleep(", "5 usleep(", "8 usleep(", "10 usleep(",
                    "14 usleep(", "15 usleep(", "16 usleep(", "19 usleep(",
                ])
    }

    @Test func aClosureGivenToTheLabsOwnAsyncTakersIsAsync() {
        // `LessonVariant(_:title:run:)` takes an async closure; the variant's closure need not await.
        let variant = """
            enum V {
                static let variant = LessonVariant("v", title: "t") { context in
                    let x = Thread.isMainThread
                }
            }
            """
        expectEqual(found(variant), [])
        expectEqual(found(variant, takers: ["LessonVariant"]), ["3 Thread.isMainThread"])
        let declared = AsyncContexts.declaredAsyncClosureTakers(
            in: SwiftTokenizer.tokens(
                of: """
                    public struct LessonVariant: Sendable {
                        public init(_ name: String, title: String, run: @escaping @MainActor @Sendable (LessonContext) async throws -> Void) {}
                        func sync(_ body: () -> Void) {}
                    }
                    func fanOut(_ body: @escaping @Sendable () async -> Void) async {}
                    """))
        expectEqual(declared, ["LessonVariant", "fanOut"])
    }

    @Test func accessorsAreAsyncOnlyWhenDeclaredSo() {
        expectEqual(
            found(
                """
                struct S {
                    var ready: Bool { get async { Thread.isMainThread } }
                    var plain: Bool { Thread.isMainThread }
                    var observed = 0 { didSet { usleep(1) } }
                    init() async { usleep(5) }
                }
                """), ["2 Thread.isMainThread", "5 usleep("])
    }

    @Test func mainSwiftsTopLevelIsAsyncWhenItAwaits() {
        let awaiting = "let x = Thread.isMainThread\nawait run()\n"
        expectEqual(found(awaiting, file: "Sources/tool/main.swift"), ["1 Thread.isMainThread"])
        expectEqual(found(awaiting, file: "Sources/tool/Other.swift"), [])
        expectEqual(found("let x = Thread.isMainThread\nrun()\n", file: "Sources/tool/main.swift"), [])
    }

    // MARK: What is matched

    @Test func commentsAndStringsNeverCount() {
        expectEqual(
            found(
                """
                func f() async {
                    // Thread.isMainThread, usleep(1)
                    print("Thread.isMainThread usleep(1)")
                    /* semaphore.wait() */
                }
                """), [])
    }

    @Test func aWaitIsMatchedByTheTypeTheFileBindsItsReceiverTo() {
        expectEqual(
            found(
                """
                final class C {
                    let semaphore = DispatchSemaphore(value: 0)
                    func f(group: DispatchGroup, condition: Condition) async {
                        semaphore.wait()
                        _ = self.semaphore.wait(timeout: .now())
                        group.wait()
                        condition.wait()
                    }
                }
                """), ["4 DispatchSemaphore.wait(", "5 DispatchSemaphore.wait(", "6 DispatchGroup.wait("])
    }

    @Test func anAwaitedCallIsTheAsyncOverload() {
        #expect(
            found(
                """
                func f() async throws {
                    let a = try await ProcessCapture.run(url, [])
                    let b = try ProcessCapture.run(url, [])
                }
                """) == ["3 ProcessCapture.run("])
    }

    @Test func waitpidIsBlockingOnlyWithoutWNOHANG() {
        expectEqual(
            found(
                """
                func f() async {
                    _ = waitpid(pid, &status, WNOHANG)
                    _ = waitpid(pid, &status, 0)
                    _ = Glibc.usleep(1)
                }
                """), ["3 waitpid(", "4 usleep("])
    }

    @Test func aFileThatDeclaresItsOwnSleepIsNotBlockedBySleep() {
        #expect(found("func sleep(_ n: Int) async {}\nfunc f() async { await sleep(1) }") == [])
    }

    // MARK: Newer than the declared platform

    @Test func anAPINewerThanThePlatformIsReportedUnlessGated() {
        expectEqual(
            found(
                """
                func f() {
                    let a = Task.name
                    if #available(macOS 26, iOS 26, *) { let b = Task.name }
                    guard #available(macOS 26, *) else { let c = Task.name; return }
                    let d = Task.name
                }
                func g() {
                    if #available(macOS 15, *) { let e = Task.name } else { let f = Task.immediate { } }
                }
                @available(macOS 26, *)
                extension S { func h() { Task.immediate { } } }
                """), ["2 Task.name", "4 Task.name", "8 Task.name", "8 Task.immediate"])
    }

    /// Read in Swift 6.3.1's interfaces: the standard library's InlineArray and UTF8Span need
    /// macOS 26, SerialExecutor.isMainExecutor macOS 26.4 (Swift 6.3's runtime).
    @Test func theStandardLibrarysNewTypesAndSwift63sExecutorAPINeedTheirMacOS() {
        expectEqual(
            found(
                """
                func f(name: String, executor: any SerialExecutor) {
                    let pair: InlineArray<2, Int> = [1, 2]
                    let view = name.utf8Span
                    if #available(macOS 26, *) { let ok: InlineArray<1, Int> = [1]; _ = name.utf8Span }
                    _ = executor.isMainExecutor
                    if #available(macOS 26.4, *) { _ = executor.isMainExecutor }
                }
                """), ["2 InlineArray", "3 .utf8Span", "5 .isMainExecutor"])
    }

    /// Read in Swift 6.3.1's interface: `enumerated()` is a Collection from macOS 26 (SE-0459),
    /// so its count, isEmpty, last, indices and subscript compile on Linux and fail on macOS 15.
    /// What a Sequence has (map, first(where:), lazy) stays allowed.
    @Test func aCollectionMemberOfEnumeratedNeedsMacOS26() {
        expectEqual(
            found(
                """
                func f(names: [String]) {
                    let n = names.enumerated().count
                    let none = names.enumerated().isEmpty
                    let last = names.enumerated().last
                    for i in names.enumerated().indices {}
                    let first = names.enumerated()[names.enumerated().startIndex]
                    let mapped = names.enumerated().map { $0.offset }
                    let found = names.enumerated().first { $0.element.isEmpty }
                    let lazy = names.enumerated().lazy.filter { $0.offset > 0 }
                    let counted = Array(names.enumerated()).count
                    if #available(macOS 26, *) { _ = names.enumerated().count }
                }
                """),
            [
                "2 .enumerated().count", "3 .enumerated().isEmpty", "4 .enumerated().last",
                "5 .enumerated().indices", "6 .enumerated()[",
            ])
    }

    /// Read in libplatform's timingsafe.h (macOS 15.2, newer than the SDK the C list was first
    /// read from): refused in async code, and anywhere without `#available(macOS 15.2, *)`.
    @Test func timingSafeModeIsRefusedInAsyncCodeAndNeedsItsMacOS() {
        expectEqual(
            found(
                """
                func f() async {
                    let token = timingsafe_enable_if_supported()
                    timingsafe_restore_if_supported(token)
                }
                func g() {
                    timingsafe_restore_if_supported(timingsafe_enable_if_supported())
                }
                func h() {
                    if #available(macOS 15.2, *) { timingsafe_restore_if_supported(timingsafe_enable_if_supported()) }
                }
                """),
            [
                "2 timingsafe_enable_if_supported(", "3 timingsafe_restore_if_supported(",
                "6 timingsafe_restore_if_supported(", "6 timingsafe_enable_if_supported(",
            ])
    }

    @Test func onlyEntriesNewerThanTheDeclaredPlatformApply() throws {
        let declared = try Self.declaredMacOS()
        expectEqual(declared, "15", "Package.swift's platform; the availability entries are read against it")
        let applicable = AsyncRestriction.applicable(Self.restrictions, declaredMacOS: declared)
        expect(applicable.contains { $0.api == "Task.immediate" })
        let at26 = AsyncRestriction.applicable(Self.restrictions, declaredMacOS: "26").filter {
            $0.kind == .newerThanPlatform
        }
        expectEqual(at26.map(\.api), [".isMainExecutor"], "only what macOS 26.4 added")
        expect(
            AsyncRestriction.applicable(Self.restrictions, declaredMacOS: "26.4").allSatisfy {
                $0.kind != .newerThanPlatform
            })
    }

    /// The macOS that Package.swift declares: `.macOS(.v15)` → "15".
    static func declaredMacOS() throws -> String {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        guard let match = manifest.firstMatch(of: /\.macOS\(\.v(\d+)(?:_(\d+))?\)/) else { return "" }
        return match.2.map { "\(match.1).\($0)" } ?? String(match.1)
    }

    // MARK: The hazard marker

    @Test func aHAZARDCommentExemptsBlockingButNotWhatAMacRefuses() {
        #expect(
            found(
                """
                enum Lesson {
                    /// HAZARD, on purpose: blocks the pool to show it.
                    static func blocks() async {
                        usleep(1)
                        let x = Thread.isMainThread
                    }
                    static func unmarked() async { usleep(7) }
                    // A comment that says nothing of hazards.
                    static let variant = Variant { await go(); usleep(9) }
                }
                """) == ["5 Thread.isMainThread", "7 usleep(", "9 usleep("])
    }

    // MARK: The sites issue 25 found, as they were

    /// The three calls of `Thread.isMainThread` inside async code that kept the lab from
    /// compiling on a Mac, with the lines around them as they stood (at their own line numbers).
    @Test(arguments: [
        (
            "Sources/LabKit/Environment/ExecutorProbe.swift", 28,
            """
            @MainActor
            public static func mainActorThreadReport() async -> (before: Bool, after: Bool, stillIsolated: Bool) {
                let before = Thread.isMainThread
                try? await Task.sleep(for: .milliseconds(2))
                let after = Thread.isMainThread
                return (before, after, confirmMainActorIsolation())
            }
            """, [30, 32]
        ),
        (
            "Sources/Lessons/MainActor/MainQueueVariant.swift", 8,
            """
            static let variant = LessonVariant("main-queue", title: "Is the main actor the main thread? Measured here") { context in
                let console = context.console
                console.paragraph(\"""
                    The book calls the main actor "the main thread". The main actor is an executor, not a \\
                    thread: which thread runs its jobs is the platform's choice. We suspend ten times on the \\
                    main actor and ask, each time, Thread.isMainThread and MainActor.assumeIsolated (which \\
                    stops the program if wrong).
                    \""")
                var onMainThread = 0
                var confirmed = 0
                var threads = Set<UInt64>()
                let suspensions = 10
                for _ in 0..<suspensions {
                    try await Task.sleep(for: .milliseconds(2))
                    if Thread.isMainThread { onMainThread += 1 }
                    if confirmIsolation() { confirmed += 1 }
                    threads.insert(currentThreadID())
                }
            }
            """, [22]
        ),
    ])
    func theOriginalSitesAreFoundAtTheirFileAndLine(file: String, firstLine: Int, code: String, lines: [Int]) {
        // Blank lines, then the enclosing type's line, put the code's first line at `firstLine`.
        let source = String(repeating: "\n", count: firstLine - 2) + "enum E {\n" + code + "\n}\n"
        let findings = AsyncContextScanner.findings(
            in: source, file: file, restrictions: Self.restrictions,
            asyncClosureTakers: ["LessonVariant"])
        expectEqual(findings.map(\.line), lines)
        expect(
            findings.allSatisfy {
                $0.file == file && $0.api == "Thread.isMainThread" && $0.kind == .unavailableFromAsync
            })
        expect(
            findings.allSatisfy { $0.description.hasPrefix("\(file):\($0.line): Thread.isMainThread") }, "\(findings)")
    }

    /// Blocking calls issue 27 found in the lab's async code, as they stood.
    @Test(arguments: [
        (
            "Sources/LabExercises/Grader.swift", 32,
            """
            public func grade(source: URL? = nil, scan: Bool = true, limits: Sandbox.Limits? = nil, onWait: (@Sendable () -> Void)? = nil,
                              onBuildStart: (@Sendable () -> Void)? = nil) async -> CheckOutcome {
                gradeBlocking(source: source, scan: scan, limits: limits, onWait: onWait, onBuildStart: onBuildStart)
            }
            """, 34, ".gradeBlocking("
        ),
        (
            "Sources/Lessons/Inventory/CrashSafetyVariant.swift", 31,
            """
            static func trial(in scratch: InventoryScratch, number: Int, delay: Duration) async throws -> Trial {
                let store = scratch.path("crash-\\(number).sqlite"), report = scratch.path("crash-\\(number).log")
                _ = FileManager.default.createFile(atPath: report, contents: nil)
                let child = try ChildDemo.start("inventory-big-transactions", environment: [
                    InventoryChildDemos.storeKey: store, InventoryChildDemos.reportKey: report,
                ])
                let deadline = ContinuousClock.now + .seconds(20)
                while !(log(report).contains("begin 1")), child.isRunning, ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(1))
                }
                try await Task.sleep(for: delay)
                kill(child.processIdentifier, SIGKILL)
                child.waitUntilExit()
            }
            """, 43, ".waitUntilExit()"
        ),
    ])
    func theBlockingSitesAreFoundAtTheirFileAndLine(file: String, firstLine: Int, code: String, line: Int, api: String)
    {
        let source = String(repeating: "\n", count: firstLine - 2) + "struct S {\n" + code + "\n}\n"
        let findings = AsyncContextScanner.findings(in: source, file: file, restrictions: Self.restrictions)
        expectEqual(findings.map { "\($0.file):\($0.line) \($0.api)" }, ["\(file):\(line) \(api)"])
    }

    /// `watchSteadiness()` and `sampleInWorkers()` were synchronous functions that slept or
    /// waited for a worker process, called from `BenchCommand`'s async code.
    @Test func aSynchronousFunctionThatBlocksIsFollowedIntoItsAsyncCallers() {
        let findings = AsyncContextScanner.findings(
            inFiles: [
                (
                    "Sources/A/Watch.swift",
                    """
                    struct Command {
                        func watchSteadiness() { _ = SteadinessWatch.watch(seconds: 1) { _ in } }
                        func sampleInWorkers() throws -> Int { try launchWorker() }
                        func launchWorker() throws -> Int { try ProcessCapture.run(url, []).status }
                        func startsAThread() { Thread { usleep(1) }.start() }
                        func run() -> Int { usleep(1); return 0 }
                    }
                    """
                ),
                (
                    "Sources/B/Main.swift",
                    """
                    extension Command {
                        func go() async throws {
                            watchSteadiness()
                            _ = try self.sampleInWorkers()
                            startsAThread()
                            _ = run()
                        }
                        func run() async {}
                    }
                    """
                ),
            ], restrictions: Self.restrictions)
        // `startsAThread` blocks another thread, not its caller; `run` is declared twice, so a call cannot tell which.
        expectEqual(
            findings.map { "\($0.file):\($0.line) \($0.api)" },
            [
                "Sources/B/Main.swift:3 watchSteadiness(", "Sources/B/Main.swift:4 sampleInWorkers(",
            ])
        expectEqual(
            findings.first?.message.contains("SteadinessWatch.watch( at Sources/A/Watch.swift:2"), true, "\(findings)"
        )
        expectEqual(findings.last?.message.contains("launchWorker( at Sources/A/Watch.swift:3"), true, "\(findings)")
    }

    /// An initializer that blocks is called by its type's name: the inventory store's opened its
    /// database, which slept between retries of a busy file, in every async function that made
    /// a store (until session 50). Followed through another type's initializer too; a type with
    /// two initializers is not (a call cannot tell which), nor one that blocks another thread.
    @Test func anInitializerThatBlocksIsFollowedIntoItsAsyncCallers() {
        let findings = AsyncContextScanner.findings(
            inFiles: [
                (
                    "Sources/A/Database.swift",
                    """
                    final class Database {
                        init(path: String) throws { try waitForOthers() }
                        private func waitForOthers() throws { Thread.sleep(forTimeInterval: 0.001) }
                    }
                    actor Store {
                        let database: Database
                        init(path: String) throws { database = try Database(path: path) }
                    }
                    struct Twice {
                        init() { usleep(1) }
                        init(fast: Bool) {}
                    }
                    struct Starter { init() { Thread { usleep(1) }.start() } }
                    struct LazyLater { init(_ xs: [Int]) { _ = xs.lazy.map { usleep(UInt32($0)) } } }
                    struct OptionalLater { init() { later { usleep(1) } } }
                    func later(_ done: (() -> Void)?) { DispatchQueue.global().async { done?() } }
                    struct Sorter { init(_ xs: [Int]) { _ = xs.sorted { usleep(1); return $0 < $1 } } }
                    """
                ),
                (
                    "Sources/B/Main.swift",
                    """
                    func open() async throws {
                        _ = try Store(path: "a")
                        _ = try Database.init(path: "b")
                        _ = Twice(fast: true)
                        _ = Starter()
                        _ = LazyLater([1])
                        _ = OptionalLater()
                        _ = Sorter([2, 1])
                    }
                    """
                ),
            ], restrictions: Self.restrictions)
        // `LazyLater`'s and `OptionalLater`'s closures run later: a lazy map's, and one given as an
        // optional closure (which escapes without saying so).
        expectEqual(
            findings.map { "\($0.file):\($0.line) \($0.api)" },
            [
                "Sources/B/Main.swift:2 Store(", "Sources/B/Main.swift:3 Database.init(",
                "Sources/B/Main.swift:8 Sorter(",
            ])
        expectEqual(
            findings.first?.message.contains("Store's init (Sources/A/Database.swift:7)"), true, "\(findings)")
    }

    /// Audit Z: a timed wait in `subscript(withinMilliseconds:)` read from async code as
    /// `finished[withinMilliseconds: 40]`, and one in `callAsFunction` read as `waiter()`. Another
    /// type's subscript (an array's), an awaited call and a synchronous closure are left alone.
    @Test func aBlockingSubscriptOrCallAsFunctionIsABlockingHelperInAnAnswer() {
        let source = """
            final class Finished {
                private let semaphore = DispatchSemaphore(value: 0)
                subscript(withinMilliseconds milliseconds: Int) -> Bool {
                    semaphore.wait(timeout: .now() + .milliseconds(milliseconds)) == .success
                }
                func callAsFunction() { semaphore.wait() }
            }
            final class Titles {
                subscript(_ index: Int) -> String { "" }
            }
            func thumbnailSize(titles: [String]) async -> Int {
                let finished = Finished()
                let waiter: Finished = finished
                _ = finished[withinMilliseconds: 40]
                waiter()
                _ = titles[0] + Titles()[0]
                queue.async { _ = finished[withinMilliseconds: 1] }
                return 0
            }
            """
        let findings = AsyncContextScanner.findings(
            inFiles: [("Answer.swift", source)], restrictions: Self.restrictions, hazardMarks: false,
            strictHelpers: true)
        expectEqual(findings.map { "\($0.line) \($0.api)" }, ["14 finished[", "15 waiter("], "\(findings)")
        expectEqual(findings.first?.message.hasPrefix("Finished's subscript (Answer.swift:3) is synchronous"), true)
        // Outside an answer (the lab's own code), a subscript stays the list's job.
        expect(
            AsyncContextScanner.findings(inFiles: [("Answer.swift", source)], restrictions: Self.restrictions).isEmpty)
    }

    /// Review 36: `self[` is a blocking subscript only in its own type's code (its extensions
    /// too), not in an actor's beside it that indexes itself; a `@dynamicCallable` type's
    /// blocking `dynamicallyCall` is called like `callAsFunction`.
    @Test func selfIndexesABlockingSubscriptOnlyInItsOwnTypesCode() {
        let source = """
            final class Finished {
                private let semaphore = DispatchSemaphore(value: 0)
                subscript(withinMilliseconds milliseconds: Int) -> Bool {
                    semaphore.wait(timeout: .now() + .milliseconds(milliseconds)) == .success
                }
            }
            extension Finished {
                func settle() async -> Bool { self[withinMilliseconds: 40] }
            }
            actor Cache {
                var sizes: [String: Int] = [:]
                subscript(key: String) -> Int { sizes[key] ?? 0 }
                func size(of key: String) async -> Int { self[key] }
            }
            @dynamicCallable struct Pause {
                let semaphore = DispatchSemaphore(value: 0)
                func dynamicallyCall(withArguments milliseconds: [Int]) { semaphore.wait() }
            }
            func thumbnailSize() async {
                let pause = Pause()
                pause(40)
            }
            """
        let findings = AsyncContextScanner.findings(
            inFiles: [("Answer.swift", source)], restrictions: Self.restrictions, hazardMarks: false,
            strictHelpers: true)
        expectEqual(findings.map { "\($0.line) \($0.api)" }, ["8 self[", "21 pause("], "\(findings)")
    }

    /// Audit BB: a blocking `size(for:)` beside an async overload (`noasync` or not, or taking a
    /// closure that need not escape), awaited on a value just made, runs the async one; with an
    /// overload of another type, or called without `await`, the blocking one is still blamed.
    @Test func anAwaitedCallOfABlockingHelperWithAnAsyncOverloadIsLeftAlone() {
        let source = """
            struct Thumbnails {
                let semaphore = DispatchSemaphore(value: 0)
                @available(*, noasync)
                func size(for name: String) -> Int { semaphore.wait(); return 1 }
                func size(for name: String) async -> Int { 1 }
                func sized(_ run: @escaping @Sendable (String) async -> Int) -> Int { semaphore.wait(); return 1 }
                func sized(_ run: (String) async -> Int, placeholder: Int = 0) async -> Int { 1 }
            }
            func thumbnailSize(for name: String) async -> Int {
                let size = await Thumbnails().size(for: name)
                let sized = await Thumbnails().sized({ _ in 1 })
                return size + sized
            }
            """
        func found(_ source: String) -> [String] {
            AsyncContextScanner.findings(
                inFiles: [("Answer.swift", source)], restrictions: Self.restrictions, hazardMarks: false,
                strictHelpers: true
            ).filter { (10...11).contains($0.line) }.map(\.api)
        }
        expect(found(source).isEmpty)
        // `noasync` alone keeps the blocking one out of an awaited call.
        let otherType = source.replacingOccurrences(
            of: "size(for name: String) async", with: "size(for name: Int) async")
        expect(found(otherType).isEmpty)
        // Broken: the async overloads take other arguments, or the call is not awaited.
        for (old, new) in [
            (
                "@available(*, noasync)\n    func size(for name: String) -> Int { semaphore.wait(); return 1 }\n"
                    + "    func size(for name: String) async",
                "\n    func size(for name: String) -> Int { semaphore.wait(); return 1 }\n    func size(for name: Int) async"
            ),
            ("let size = await Thumbnails()", "let size = Thumbnails()"),
            ("(String) async -> Int, placeholder: Int = 0", "(String) async -> Int, placeholder: Int"),
        ] {
            expectContains(source, old, "\(old)")
            expect(!found(source.replacingOccurrences(of: old, with: new)).isEmpty, "\(new)")
        }
    }

    // MARK: The lab's own code

    static let scannedFolders = ["Sources", "Benchmarks", "Examples", "Tools", "Tests"]
    /// Compiled on a Mac too (by the grader), but a starter or a mistake blocks on purpose (it
    /// is what the student fixes): scanned for what a Mac refuses only.
    static let scannedForWhatAMacRefuses = ["Exercises"]

    // The two scans of the whole tree below take seconds of CPU each: they run on a thread of
    // their own, not on one of the pool's two threads the tests beside them share.

    @Test func theLabsOwnCodeCallsNothingRestrictedDirectlyInAnAsyncContext() async throws {
        let restrictions = AsyncRestriction.applicable(Self.restrictions, declaredMacOS: try Self.declaredMacOS())
        let findings = try await OnAThreadOfItsOwn.blockingWork(named: "scan the lab") {
            try AsyncContextScanner.findings(
                underFolders: Self.scannedFolders, root: Self.root, restrictions: restrictions,
                closuresRunNowBlock: true)
                // Without the blocking list, and without what blocks only through a helper the
                // scan infers (a check's given `Thumbnail(photo:)` holds one render on purpose):
                // a Mac refuses neither.
                + AsyncContextScanner.findings(
                    underFolders: Self.scannedForWhatAMacRefuses, root: Self.root,
                    restrictions: restrictions.filter { $0.kind != .blocking }
                ).filter { $0.kind != .blocking }
        }
        expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
    }

    /// Acceptance of issues 25 and 27, by mutation of the real tree: a line added as the first
    /// statement of every async function in Sources/ and Benchmarks/ (found here by a text
    /// match of one-line signatures, independently of the scanner's reading of structure) is
    /// reported at its file and line — `Thread.isMainThread` always, `usleep(1)` unless the
    /// function is marked HAZARD (four are: the blocking lesson variants and the width probe).
    @Test(arguments: ["let x = Thread.isMainThread", "usleep(1)"])
    func aRestrictedCallAddedToAnyAsyncFunctionIsReported(line added: String) async throws {
        let (mutated, missed, exempt) = try await OnAThreadOfItsOwn.blockingWork(named: "mutate the lab") {
            try Self.mutateEveryAsyncFunction(adding: added)
        }
        expectAtLeast(mutated, 100, "async functions found by text: \(mutated)")
        expect(missed.isEmpty, "not reported: \(missed.joined(separator: ", "))")
        expectAtMost(exempt.count, 10, "exempt as HAZARD: \(exempt.joined(separator: ", "))")
    }

    /// The files under Sources/ and Benchmarks/ that have one-line async signatures: each file's
    /// lines and its signatures' indices, and the async-closure takers the files declare. Read and
    /// tokenized once for both cases (each case read them for itself before: the test's run took
    /// 5.7–6.0 s of user CPU, against 3.4–3.5 s).
    struct MutationTree: Sendable {
        let files: [(path: String, lines: [String], signatures: [Int])]
        let takers: Set<String>

        static func read() throws -> MutationTree {
            let files = try AsyncContextScanner.swiftFiles(underFolders: ["Sources", "Benchmarks"], root: root)
            let asyncSignature = try Regex(
                #"^\s*(@\w+(\(\w*\))?\s+)*((public|private|fileprivate|internal|package|static|nonisolated|override|final|mutating|class)\s+)*func\s+\w+[^{]*\)\s*async\b[^{)]*\{\s*$"#
            )
            // Each file tokenized once, for its `func` lines and for the async-closure takers it declares
            // (what `AsyncContextScanner.asyncClosureTakers(in:)` finds, file by file).
            var takers: Set<String> = []
            let withSignatures = files.compactMap { file -> (path: String, lines: [String], signatures: [Int])? in
                let tokens = SwiftTokenizer.tokens(of: file.source)
                takers.formUnion(AsyncContexts.declaredAsyncClosureTakers(in: tokens))
                let lines = file.source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                // Lines where `func` is code, not text in a string (the lessons quote code for the compiler).
                let code = Set(tokens.filter { $0.kind == .identifier && $0.text == "func" }.map(\.line))
                let signatures = lines.indices.filter {
                    code.contains($0 + 1) && lines[$0].wholeMatch(of: asyncSignature) != nil
                }
                return signatures.isEmpty ? nil : (file.path, lines, signatures)
            }
            return MutationTree(files: withSignatures, takers: takers)
        }
    }
    static let mutationTree = Result { try MutationTree.read() }

    /// How many async functions were mutated, the sites not reported, and those exempt as HAZARD.
    static func mutateEveryAsyncFunction(adding added: String) throws -> (Int, [String], [String]) {
        let tree = try mutationTree.get()
        var mutated = 0
        var missed: [String] = []
        var exempt: [String] = []
        let shapes = AsyncContextScanner.Shapes(Self.restrictions)
        // Every async function of a file mutated at once, and the file scanned once: each added
        // line is in a function of its own, so each must be reported at its own line (a scan per
        // function, one file copy each, cost the two cases 6.4 s of CPU against 5.2).
        for (path, lines, signatures) in tree.files {
            var copy = lines
            // From the last, so each earlier insertion's index still holds; the k-th added line
            // then sits on line `signature + 2 + k` of the copy.
            for index in signatures.reversed() { copy.insert(added, at: index + 1) }
            let mutatedSource = copy.joined(separator: "\n")
            let scanned = ScannedSwiftFile(path: path, source: mutatedSource)
            let findings = AsyncContextScanner.findings(
                in: scanned, restrictions: Self.restrictions, asyncClosureTakers: tree.takers, shapes: shapes)
            let reported = Set(findings.filter { $0.file == path }.map(\.line))
            let tokens = scanned.written
            let markers = HazardMarkers(source: mutatedSource, tokens: tokens)
            for (order, index) in signatures.enumerated() {
                mutated += 1
                let line = index + 2 + order
                let site = "\(path):\(line)"
                if reported.contains(line) { continue }
                if added.hasPrefix("usleep"), let at = tokens.firstIndex(where: { $0.line == line }), markers.covers(at)
                {
                    exempt.append(site)
                } else {
                    missed.append(site)
                }
            }
        }
        return (mutated, missed, exempt)
    }
}
