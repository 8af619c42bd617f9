import Foundation
import Testing

@testable import LabCore
@testable import LabExercises
@testable import LabFiles

/// The verdict is read from the private channel only, and only a check that
/// reached its end passes.
@Suite("Verdicts prove the check finished")
struct CheckVerdictTests {
    let exercise = TestLab.exercises[2]
    let verdict = CheckVerdict(exercise: TestLab.exercises[2], secret: "s3cr3t")

    func result(_ records: [String], exit: Int32? = 0, signal: Int32? = nil, output: String = "") -> Sandbox.Result {
        Sandbox.Result(
            exitStatus: exit, signal: signal, timedOut: false, output: output, records: records,
            limits: Sandbox.Limits())
    }

    @Test func aCompleteRunPasses() {
        let outcome = verdict.outcome(
            result(["s3cr3t\tplan\t2", "s3cr3t\tpass\tone", "s3cr3t\tpass\ttwo", "s3cr3t\tdone\tpassed"]))
        expectEqual(outcome.stage, .passed)
        expectEqual(outcome.messages, ["one", "two"])
    }

    @Test func exitZeroBeforeTheEndFailsAndSaysWhere() {
        let outcome = verdict.outcome(
            result(["s3cr3t\tplan\t3", "s3cr3t\tpass\tone", "s3cr3t\twaiting\tthe second call"]))
        expectEqual(outcome.stage, .incomplete)
        expectEqual(
            outcome.messages.first?.contains(
                "before its 2nd expectation (1 of 3 arrived), while waiting for the second call"), true)
    }

    @Test func exitBeforeThePlanFails() {
        let outcome = verdict.outcome(result([], output: "✔ everything\n"))
        expectEqual(outcome.stage, .incomplete)
        expectEqual(outcome.messages.first?.contains("before it started"), true)
    }

    @Test func recordsWithoutTheSecretAreIgnored() {
        let forged = [
            "plan\t1", "guess\tplan\t1", "\tpass\tforged", "guess\tpass\tforged", "guess\tdone\tpassed",
            "s3cr3t\tplan\t1",
        ]
        expectEqual(verdict.outcome(result(forged)).stage, .incomplete)
    }

    @Test func aFailureWinsOverEverything() {
        let outcome = verdict.outcome(
            result(["s3cr3t\tplan\t1", "s3cr3t\tpass\tone", "s3cr3t\tfail\tbad", "s3cr3t\tdone\tfailed"], exit: 1))
        expectEqual(outcome.stage, .checks)
        expectEqual(outcome.messages, ["bad"])
    }

    /// A run refused only by bounds on the clock ("late" records) is marked so, and the grader runs
    /// it once more, keeping the second verdict; one with any other failure is final at once.
    @Test func aRunRefusedOnlyByTheClockIsRunOnceMore() {
        let late = verdict.outcome(
            result(["s3cr3t\tplan\t2", "s3cr3t\tpass\tone", "s3cr3t\tlate\tslow", "s3cr3t\tdone\tfailed"], exit: 1))
        expectEqual(late.stage, .checks)
        expectEqual(late.messages, ["slow"])
        expect(late.onlyLate)
        let mixed = verdict.outcome(
            result(["s3cr3t\tplan\t2", "s3cr3t\tfail\tbad", "s3cr3t\tlate\tslow", "s3cr3t\tdone\tfailed"], exit: 1))
        expectEqual(mixed.messages, ["bad", "slow"])
        expect(!mixed.onlyLate)
        expect(!verdict.outcome(result(["s3cr3t\tplan\t1", "s3cr3t\tfail\tbad"], exit: 1)).onlyLate)

        for (first, second) in [(late, CheckOutcome(stage: .passed, messages: ["one"], details: "")), (late, late)] {
            var runs: [CheckOutcome] = [first, second]
            let kept = BatchGrading.runningAgainIfOnlyLate { runs.removeFirst() }
            expectEqual(kept.stage, second.stage)
            expectEqual(kept.messages, second.messages)
            expectEqual(kept.lateBefore, ["slow"], "the first run's words, said beside the second's verdict")
            expect(runs.isEmpty, "run twice")
        }
        var once: [CheckOutcome] = [mixed, late]
        let final = BatchGrading.runningAgainIfOnlyLate { once.removeFirst() }
        expectEqual(final, mixed)
        expect(final.lateBefore.isEmpty)
        expectEqual(once.count, 1, "a failure of the code is final: run once")
    }

    /// A check stopped by its clock says how long it had: its exercise's limit, and the time it
    /// waited for a CPU where that lengthened the clock (a busy machine), never otherwise.
    @Test(arguments: [(0, false), (0.05, false), (2.5, true)] as [(Double, Bool)])
    func aStoppedCheckSaysTheClockItHad(waited: Double, lengthened: Bool) {
        var stopped = Sandbox.Result(
            exitStatus: nil, signal: SIGKILL, timedOut: true, output: "",
            records: ["s3cr3t\tplan\t2", "s3cr3t\twaiting\tthe download"], limits: Sandbox.Limits())
        stopped.waitedForCPU = waited
        let outcome = verdict.outcome(stopped)
        expectEqual(outcome.stage, .timeout)
        let message = outcome.messages.first ?? ""
        expectContains(message, "did not finish within 15 s", "\(message)")
        let said = "within 15 s (and 2.5 s more, the time its threads waited for a CPU) and was stopped."
        expectEqual(message.contains(said), lengthened, "\(message)")
        expectEqual(message.contains("waited for a CPU"), lengthened, "\(message)")
    }

    @Test func crashesAreExplainedInOneLine() {
        let limits = Sandbox.Limits()
        expectContains(
            CrashReason.explain(
                signal: SIGTRAP,
                output:
                    "Fatal error: SWIFT TASK CONTINUATION MISUSE: f() tried to resume its continuation more than once",
                limits: limits
            ), "more than once")
        expectContains(CrashReason.explain(signal: SIGSEGV, output: "", limits: limits), "stack overflow")
        expectContains(
            CrashReason.explain(
                signal: SIGILL,
                output: "BUG IN CLIENT OF LIBDISPATCH: dispatch_sync called on queue already owned by current thread",
                limits: limits
            ), "deadlock")
        expectContains(CrashReason.explain(signal: SIGXCPU, output: "", limits: limits), "CPU time")
    }
}

@Suite("The sandbox", .serialized)
struct SandboxTests {
    let shell = URL(fileURLWithPath: "/bin/sh")

    @Test func aChildTheCheckForksDoesNotOutliveIt() async throws {
        let result = try await Sandbox.runOffThePool(
            shell, arguments: ["-c", "sleep 30 & echo $!; exit 0"], header: "x", limits: Sandbox.Limits())
        let pid = try unwrap(Int32(result.output.trimmingCharacters(in: .whitespacesAndNewlines)))
        var gone = false
        for _ in 0..<100 where !gone {
            gone = kill(pid, 0) != 0 || Self.isZombie(pid)
            if !gone { try await Task.sleep(for: .milliseconds(10)) }
        }
        expect(gone, "the forked sleep (pid \(pid)) is still running")
    }

    @Test func theWallClockLimitStopsTheWholeGroup() async throws {
        var limits = Sandbox.Limits()
        limits.wallSeconds = 0.5
        let start = Date()
        let result = try await Sandbox.runOffThePool(
            shell, arguments: ["-c", "sleep 30 & sleep 30"], header: "x", limits: limits)
        expect(result.timedOut)
        expectBelow(Date().timeIntervalSince(start), 10)
    }

    #if os(Linux)
        /// A check that could run but got no CPU (three loops beside it, on its CPU) is given that
        /// time on top of its clock, up to the clock's length again, and its result says how much.
        /// Where the kernel keeps no such count (no `/proc/self/schedstat`) or the loops cannot be
        /// put on one CPU (no `taskset`, or CPU 0 not this process's), there is nothing to see.
        @Test func aCheckKeptFromTheCPUGetsThatTimeOnItsClock() async throws {
            guard FileManager.default.isReadableFile(atPath: "/proc/self/schedstat") else { return }
            var limits = Sandbox.Limits()
            limits.wallSeconds = 0.6
            // The check's own loop, which says now and then what the kernel counts it waited for a
            // CPU (`/proc/$$/schedstat`'s second field, in ns): what it saw, beside the supervisor's figure.
            let loop =
                "i=0; while :; do i=$((i+1)); if [ $((i % 500)) -eq 1 ]; then "
                + "read -r ran waited slices < /proc/$$/schedstat && echo \"waited $waited\"; fi; done"
            // The check's own loop on CPU 0 from its first instruction, three more started beside it:
            // it is runnable the whole time and waits three turns in four, and for whatever else that
            // CPU runs (the suite itself, in CI's one-CPU lane). `taskset` execs the shell (the same
            // process, pinned), which starts the loops from a subshell and runs its own at once: it
            // never waits on a child. Waiting on `taskset` children first, a one-CPU run's check spent
            // its 0.6 s asleep, which is no CPU wait, and counted 0.015 s (twice in CI).
            let taskset = URL(fileURLWithPath: "/usr/bin/taskset")
            guard FileManager.default.isExecutableFile(atPath: taskset.path) else { return }
            let beside = String(repeating: "taskset -c 0 sh -c 'while :; do :; done' & ", count: 3)
            let script = "(\(beside)wait) & \(loop)"
            let start = ContinuousClock.now
            let result = try await Sandbox.runOffThePool(
                taskset, arguments: ["-c", "0", shell.path, "-c", script], header: "x", limits: limits)
            let took = start.duration(to: .now)
            // Exit 1 at once: CPU 0 is not this process's to pin to, and the test shows nothing.
            guard result.timedOut || result.exitStatus != 1 else { return }
            expect(result.timedOut)
            expectAtMost(result.waitedForCPU, limits.wallSeconds, "at most the clock's length again")
            // Said on the loop's first turn, and every 500th after. None at all: the shell never ran
            // its loop in the check's time (CI's one-CPU lane once gave it no line in 1.8 s, beside
            // the suite and the other lane), so there is no figure of its own to hold the supervisor's to.
            let said = result.output.split(separator: "\n").last { $0.hasPrefix("waited ") }
            guard let seenNanoseconds = said.flatMap({ Double($0.dropFirst("waited ".count)) }) else { return }
            let seen = seenNanoseconds / 1e9
            // Runnable the whole time is the premise, and not a promise: beside CI's other lane the
            // check once waited 0.033 s in all (a busy disk keeps a process from running without
            // putting it in the CPU's queue: starting the shell, paging it in). Then there was no
            // wait to give it; whatever it saw, the supervisor's figure is at least most of it.
            expectAtLeast(result.waitedForCPU, min(seen, limits.wallSeconds) - 0.1, "saw \(seen) s")
            guard seen >= 0.2 else { return }
            expectAtLeast(result.waitedForCPU, 0.1, "waited \(result.waitedForCPU) s")
            expectAtLeast(took, .milliseconds(700), "stopped after \(took), not given the time it waited")
        }
    #endif

    /// In a process of its own (an exit test): `setenv` changes the environment of every test
    /// running beside it, and of every child they start meanwhile.
    @Test func theEnvironmentIsScrubbedAndTheFolderIsFresh() async {
        await #expect(processExitsWith: .success) {
            setenv("CONCURRENCY_LAB_HOME", "/tmp/should-not-leak", 1)
            let result = try await Sandbox.runOffThePool(
                URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "env; pwd"], header: "x", limits: Sandbox.Limits())
            expectNotContains(result.output, "CONCURRENCY_LAB_HOME")
            expectContains(result.output, "lab-check-")
        }
    }

    @Test func theSecretArrivesOnDescriptor3AndRecordsLeaveOnDescriptor4() async throws {
        let result = try await Sandbox.runOffThePool(
            shell, arguments: ["-c", "read secret rest <&3; printf '%s\\tplan\\t0\\n' \"$secret\" >&4"],
            header: "abc 1 2 3", limits: Sandbox.Limits())
        expectEqual(result.records, ["abc\tplan\t0"])
    }

    @Test func aFloodKeepsItsEnd() async throws {
        let result = try await Sandbox.runOffThePool(
            shell, arguments: ["-c", "yes flood | head -c 3000000; echo; echo THE-END"], header: "x",
            limits: Sandbox.Limits())
        expect(result.output.hasSuffix("THE-END\n"))
        expectContains(result.output, "bytes of output cut")
        expectBelow(result.output.utf8.count, 100_000)
    }

    /// A killed process nobody has reaped yet (a container may lack a reaper) is gone too.
    static func isZombie(_ pid: Int32) -> Bool {
        #if os(Linux)
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
            return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
        #else
            return false  // launchd reaps orphans at once; kill(pid, 0) alone tells
        #endif
    }
}

@Suite("Locks between processes")
struct LockTests {
    @Test func progressUpdatesFromManyThreadsAreNeverLost() async throws {
        let environment = [
            "CONCURRENCY_LAB_HOME": FileManager.default.temporaryDirectory.appendingPathComponent(
                "lab-lock-\(UUID().uuidString)"
            ).path
        ]
        defer { try? FileManager.default.removeItem(atPath: environment["CONCURRENCY_LAB_HOME"]!) }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<24 {
                // Each update on a thread of its own, as the lab takes the lock: the waits for it
                // hold those threads, not the pool's (the scan of the lab's own code says so).
                group.addTask {
                    await OnAThreadOfItsOwn.blockingWork(named: "update progress") {
                        _ = try? Progress.update(environment: environment) { $0["01-suspend-not-block"].attempts += 1 }
                    }
                }
            }
        }
        try expectEqual(Progress.load(environment: environment)["01-suspend-not-block"].attempts, 24)
    }

    @Test func aSecondHolderWaitsAndIsToldSo() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lab-lock-\(UUID().uuidString)/grading.lock")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        // The two holders and the polling run on threads of their own, off the pool the tests
        // beside this one share; what they saw is checked here.
        let (toldToWait, enteredWhileHeld, enteredAfter) = try await OnAThreadOfItsOwn.blockingWork(
            named: "two lock holders"
        ) { try Self.twoHolders(of: url) }
        expect(toldToWait, "the second holder was never told to wait")
        expect(!enteredWhileHeld, "the second holder got in while the first held the lock")
        expect(enteredAfter, "the second holder never got the lock after it was released")
    }

    /// Many holders of the lock shared, and none beside one who holds it exclusive: the batches
    /// build answers together, and only alone make the shared build they all read.
    @Test(arguments: [
        (FileLock.Mode.shared, FileLock.Mode.shared), (.shared, .exclusive), (.exclusive, .shared),
    ])
    func aSharedLockAdmitsSharedHoldersOnly(first: FileLock.Mode, second: FileLock.Mode) async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lab-lock-\(UUID().uuidString)/grading.lock")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let (toldToWait, enteredWhileHeld, enteredAfter) = try await OnAThreadOfItsOwn.blockingWork(
            named: "two lock holders"
        ) { try Self.twoHolders(of: url, first: first, second: second) }
        let bothShared = first == .shared && second == .shared
        expectEqual(toldToWait, !bothShared, "told to wait: \(toldToWait)")
        expectEqual(enteredWhileHeld, bothShared, "entered while the first held the lock: \(enteredWhileHeld)")
        expect(enteredAfter)
    }

    /// One waiting for the lock exclusive is not shut out by shared holders that keep coming: those
    /// who come after it wait behind it (the turnstile), though the lock is only held shared.
    @Test func aWaitingExclusiveHolderGoesBeforeSharedOnesThatCameAfterIt() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lab-lock-\(UUID().uuidString)/grading.lock")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let order = try await OnAThreadOfItsOwn.blockingWork(named: "three lock holders") { () throws -> [String] in
            let order = Locked<[String]>([])
            let waiting = Locked<Set<String>>([])
            let done = DispatchGroup()
            let holder = { (name: String, mode: FileLock.Mode) in
                done.enter()
                Thread {
                    _ = try? FileLock.withLock(
                        at: url, mode: mode, onWait: { waiting.withLock { _ = $0.insert(name) } }
                    ) {
                        order.withLock { $0.append(name) }
                    }
                    done.leave()
                }.start()
            }
            // Generous on a busy machine: the loop ends as soon as the holder says it waits.
            let wait = { (name: String) in
                for _ in 0..<3000 where !waiting.withLock({ $0.contains(name) }) { usleep(10_000) }
            }
            try FileLock.withLock(at: url, mode: .shared) {
                holder("exclusive", .exclusive)
                wait("exclusive")
                holder("shared, later", .shared)
                wait("shared, later")
                order.withLock { $0.append("first, released") }
            }
            _ = done.wait(timeout: .now() + 30)
            return order.withLock { $0 }
        }
        expectEqual(order, ["first, released", "exclusive", "shared, later"])
    }

    /// Holds the lock at `url` while a second thread asks for it: whether the second was told to
    /// wait, whether it got in while the first held the lock, and whether it did once released.
    static func twoHolders(
        of url: URL, first: FileLock.Mode = .exclusive, second: FileLock.Mode = .exclusive
    ) throws -> (Bool, Bool, Bool) {
        let waited = Locked(false)
        let entered = Locked(false)
        let (toldToWait, enteredWhileHeld) = try FileLock.withLock(at: url, mode: first) {
            let other = Thread {
                _ = try? FileLock.withLock(at: url, mode: second, onWait: { waited.withLock { $0 = true } }) {
                    entered.withLock { $0 = true }
                }
            }
            other.start()
            for _ in 0..<3000 where !waited.withLock({ $0 }) && !entered.withLock({ $0 }) { usleep(10_000) }
            return (waited.withLock { $0 }, entered.withLock { $0 })
        }
        for _ in 0..<3000 where !entered.withLock({ $0 }) { usleep(10_000) }
        return (toldToWait, enteredWhileHeld, entered.withLock { $0 })
    }
}

/// A build that fails in the lab's own library is not the student's compile error.
@Suite("who a failed build is blamed on")
struct BuildBlameTests {
    @Test func onlyErrorsInTheGeneratedPackageAreTheStudents() {
        let package = URL(fileURLWithPath: "/work/lab/.build-exercises/package")
        let student =
            "/work/lab/.build-exercises/package/Sources/StudentCode/Exercise.swift:3:5: error: cannot find 'x' in scope"
        let library = "/work/lab/Sources/LabKit/CLI/OptionSpec.swift:9:1: error: no such module 'Foo'"
        expect(Grader.errorsInPackage(student, package: package))
        expect(!Grader.errorsInPackage(library + "\nerror: fatalError", package: package))
        expect(!Grader.errorsInPackage("error: link command failed with exit code 1", package: package))
    }
}

/// The sandbox's layers one by one, on a shell: each refuses what it must by itself.
#if os(Linux)
    @Suite(
        "The sandbox's layers", .serialized,
        .enabled(if: SandboxProbe.fullyConfined, "this kernel lacks Landlock ABI 6 or seccomp"))
    struct SandboxLayerTests {
        func run(_ script: String) async throws -> Sandbox.Result {
            try await Sandbox.runOffThePool(
                URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script], header: "x", limits: Sandbox.Limits())
        }

        /// A toolchain that `swift` on PATH does not lead to (swiftly's proxy) is still found: a
        /// check must load the libraries it was linked against.
        @Test func theToolchainsLibrariesAreFoundWithoutPATH() {
            let folders = Sandbox.Policy.toolchainFolders(environment: ["PATH": "/nonexistent"])
            expect(folders.contains { FileManager.default.fileExists(atPath: $0 + "/libswiftCore.so") }, "\(folders)")
        }

        @Test func theSupervisorSaysWhatConfinementTheCheckGot() async throws {
            let result = try await run("true")
            expectContains(result.confinement, "seccomp=1")
            expectContains(result.confinement, "capabilities=0")
            expect(result.notes.isEmpty, "\(result.notes)")
        }

        @Test func onlyTheScratchFolderIsWritableAndTheLabIsNotReadable() async throws {
            let lab = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            let outside = FileManager.default.temporaryDirectory.appendingPathComponent(
                "lab-outside-\(UUID().uuidString)")
            let result = try await run(
                "echo in > here && cat here; echo out > \(outside.path); cat \(lab.path)/Exercises/Support/CheckSupport/CheckReport.swift; ls /root; echo done"
            )
            expectContains(result.output, "in\n")
            expect(!FileManager.default.fileExists(atPath: outside.path))
            expectNotContains(result.output, "import CheckChannel", "the lab's checks were readable")
            expectContains(result.output, "Permission denied")
        }

        @Test func seccompRefusesLeavingTheProcessGroup() async throws {
            // setsid(1) calls setsid(2): the filter answers SIGSYS, which kills it (the shell says so).
            let result = try await run("setsid true; echo status $?")
            expect(
                result.output.contains("status 159") || result.output.contains("Bad system call"), "\(result.output)")
        }

        @Test func noSignalReachesTheGraderOrTheSupervisor() async throws {
            let result = try await run(
                "kill -0 \(getpid()) ; echo grader $?; kill -0 $PPID; echo supervisor $?; kill -0 $$; echo self $?")
            expectContains(result.output, "grader 1")
            expectContains(result.output, "supervisor 1")
            expectContains(result.output, "self 0")
        }

        /// Python is only the client here (dash has no sockets); where it is missing, nothing to run.
        @Test(
            .enabled(
                if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "no python3 to open a socket with"
            ))
        func noTCPConnection() async throws {
            let result = try await run(
                "/usr/bin/python3 -c \"import socket; socket.create_connection(('127.0.0.1', 9), 2)\" 2>&1 | tail -1")
            expectContains(result.output, "PermissionError", "\(result.output)")
        }

        @Test func anOlderKernelGetsSeccompsSignalRulesAndANote() async throws {
            // Landlock ABI 5 cannot scope signals: seccomp then lets the check signal only itself.
            var policy = Sandbox.Policy()
            policy.landlockABILimit = 5
            let result = try await Sandbox.runOffThePool(
                URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", "kill -0 $$ && echo self; kill -0 \(getpid()); echo after"],
                header: "x", limits: Sandbox.Limits(), policy: policy)
            expectContains(result.output, "self")
            expectNotContains(result.output, "after", "the shell signalled the grader and went on: \(result.output)")
            expectEqual(result.signal, SIGSYS)
            expectEqual(result.notes, ["Landlock ABI < 6: signals are confined by seccomp only"])
        }

        @Test func aKernelWithoutLandlockIsSaidInOneLine() async throws {
            var policy = Sandbox.Policy()
            policy.landlockABILimit = -1
            let result = try await Sandbox.runOffThePool(
                URL(fileURLWithPath: "/bin/true"), header: "x", limits: Sandbox.Limits(), policy: policy)
            expectEqual(result.notes.count, 1)
            expectEqual(result.notes.first?.hasPrefix("Landlock is not available in this kernel"), true)
            expect(result.confinement.hasPrefix("landlock=0 seccomp=1"))
        }

        @Test func aProcessThatLeftItsGroupIsStillStopped() async throws {
            // Without setsid (refused), a double fork is the way out of the shell's reach: the
            // grandchild is re-parented to the supervisor, which stops it and counts it.
            let result = try await run("( ( sleep 30 & echo $! ) & ) ; sleep 0.2")
            expectAtLeast(result.strays, 1)
            let pid = try unwrap(
                Int32(result.output.trimmingCharacters(in: .whitespacesAndNewlines)), "\(result.output)")
            expect(
                kill(pid, 0) != 0 || SandboxTests.isZombie(pid), "the double-forked sleep (pid \(pid)) is still running"
            )
        }
    }
#endif

extension Sandbox {
    /// `run` waits for its child for up to its wall-clock limit: on a thread of its own, so the
    /// pool's threads stay free for the tests running beside it.
    static func runOffThePool(
        _ executable: URL, arguments: [String] = [], header: String, limits: Limits, policy: Policy = Policy()
    ) async throws -> Result {
        try await OnAThreadOfItsOwn.blockingWork(named: "sandboxed child") {
            try run(executable, arguments: arguments, header: header, limits: limits, policy: policy)
        }
    }
}
