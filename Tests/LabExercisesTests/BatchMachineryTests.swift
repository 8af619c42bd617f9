import Foundation
import Testing

@testable import LabCore
@testable import LabExercises

/// The parts batch grading is made of that need no compiler: the driver's printed jobs read
/// back into words, which jobs may be replayed, and how checks share the run workers.
@Suite("Batch grading's machinery")
struct BatchMachineryTests {
    @Test func shellWordsAreSplitAsShWouldSplitThem() {
        expectEqual(ShellWords.split("/bin/clang -o /a/b c.o"), ["/bin/clang", "-o", "/a/b", "c.o"])
        expectEqual(ShellWords.split("  a   b  "), ["a", "b"])
        expectEqual(ShellWords.split("-Xlinker '-rpath=$ORIGIN' x"), ["-Xlinker", "-rpath=$ORIGIN", "x"])
        expect(ShellWords.split(#"'it'\''s' "a \"b\" \$c \n" d\ e"#) == ["it's", #"a "b" $c \n"#, "d e"])
        #expect(ShellWords.split("''") == [""])
        #expect(ShellWords.split("a 'b") == nil)
        #expect(ShellWords.split("a \"b") == nil)
        expectEqual(ShellWords.split("a \\"), nil)
    }

    @Test func onlyJobsThatCanBeReplayedAreKept() {
        let placeholder = "/work/planned"
        let link = [
            ["/usr/bin/env", "\(placeholder)/a.o", "-o", "\(placeholder)/check.autolink"],
            ["/usr/bin/env", "\(placeholder)/a.o", "@\(placeholder)/check.autolink", "-o", "\(placeholder)/check"],
        ]
        expect(CompilerJobs.replayable(link, placeholder: placeholder))
        // A response file no earlier job writes (the driver's own, say) is not there when replayed.
        expect(!CompilerJobs.replayable([["/usr/bin/env", "@/tmp/arguments-1234.resp"]], placeholder: placeholder))
        expect(!CompilerJobs.replayable([["clang", "-c"]], placeholder: placeholder), "a program found on PATH")
        expect(!CompilerJobs.replayable([["/no/such/program"]], placeholder: placeholder))
        expect(
            !CompilerJobs.replayable(
                [["/usr/bin/env", "-filelist", "\(placeholder)/tmp/sources-1a2b"]], placeholder: placeholder),
            "a temporary file of the driver's, gone when replayed")

        let jobs = CompilerJobs(placeholder: placeholder, steps: [link])
        let answer = URL(fileURLWithPath: "/work/runs/b/7")
        expectEqual(
            jobs.steps(in: answer),
            [
                [
                    ["/usr/bin/env", "/work/runs/b/7/a.o", "-o", "/work/runs/b/7/check.autolink"],
                    [
                        "/usr/bin/env", "/work/runs/b/7/a.o", "@/work/runs/b/7/check.autolink", "-o",
                        "/work/runs/b/7/check",
                    ],
                ]
            ])
    }

    /// What the builds hand to the runs arrives whole and in order, also when the taker waits first.
    @Test func handedOffItemsArriveInOrderAndTheEndIsSaid() {
        let items = WorkerThreads.HandOff()
        let taken = Locked([Int]())
        let done = DispatchSemaphore(value: 0)
        Thread {
            while let item = items.next() { taken.withLock { $0.append(item) } }
            done.signal()
        }.start()
        for item in 0..<500 { items.push(item) }
        items.close()
        expectEqual(done.wait(timeout: .now() + 60), .success, "the taker never heard the end")
        expectEqual(taken.withLock { $0 }, Array(0..<500))
        expectEqual(items.next(), nil, "closed and empty stays so")
    }

    /// A first check that waits for the second: with one worker it ends only because its slot was
    /// given back while it ran. (Held to its worker, it would wait its whole minute and fail.)
    @Test func aLongCheckGivesItsWorkerBack() {
        let secondStarted = DispatchSemaphore(value: 0)
        let sawSecond = Locked(false)
        WorkerThreads.staggered(.init(closedWith: [0, 1]), workers: 1, release: .milliseconds(50), ceiling: 4) {
            index in
            if index == 0 {
                let arrived = secondStarted.wait(timeout: .now() + 60) == .success
                sawSecond.withLock { $0 = arrived }
            } else {
                secondStarted.signal()
            }
        }
        expect(sawSecond.withLock { $0 })
    }

    /// Beside the builds, `workers` at once; once the builds have ended (the queue closed), as many
    /// as `workersOnceClosed`, never more than the ceiling (`ceilingOnceClosed` from then on, where
    /// it is given: `--verify` widens its checks once its builds have ended).
    @Test(arguments: [(3, nil, 3), (2, 4, 4)] as [(Int, Int?, Int)])
    func moreWorkersOnceTheQueueIsClosed(ceiling: Int, ceilingOnceClosed: Int?, expected: Int) {
        let items = WorkerThreads.HandOff()
        let running = Locked((now: 0, most: 0))
        let finish = DispatchSemaphore(value: 0)
        let ended = DispatchSemaphore(value: 0)
        Thread {
            WorkerThreads.staggered(
                items, workers: 1, release: .seconds(3600), ceiling: ceiling, workersOnceClosed: 5,
                ceilingOnceClosed: ceilingOnceClosed
            ) { _ in
                running.withLock {
                    $0.now += 1
                    $0.most = max($0.most, $0.now)
                }
                _ = finish.wait(timeout: .now() + 60)
                running.withLock { $0.now -= 1 }
            }
            ended.signal()
        }.start()
        for item in 0..<6 { items.push(item) }
        // Time for a wrong second worker to start; a right one never does, however long this is.
        Thread.sleep(forTimeInterval: 0.3)
        expectEqual(running.withLock { $0.most }, 1, "one worker while the queue is open")
        items.close()
        let deadline = Date().addingTimeInterval(30)
        while running.withLock({ $0.now }) < expected && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        Thread.sleep(forTimeInterval: 0.1)
        expectEqual(running.withLock { $0.most }, expected, "once closed: the ceiling then, under the five asked for")
        for _ in 0..<6 { finish.signal() }
        expectEqual(ended.wait(timeout: .now() + 60), .success)
    }

    @Test(arguments: [(1, 3), (2, 2), (3, 8)] as [(Int, Int)])
    func neverMoreThanTheCeilingNorMoreWorkersBeforeTheRelease(workers: Int, ceiling: Int) {
        for release in [Duration.zero, .seconds(3600)] {
            let running = Locked((now: 0, most: 0, ran: 0))
            WorkerThreads.staggered(
                .init(closedWith: Array(0..<12)), workers: workers, release: release, ceiling: ceiling
            ) {
                _ in
                running.withLock {
                    $0.now += 1
                    $0.most = max($0.most, $0.now)
                }
                Thread.sleep(forTimeInterval: 0.01)
                running.withLock {
                    $0.now -= 1
                    $0.ran += 1
                }
            }
            let seen = running.withLock { $0 }
            expectEqual(seen.ran, 12)
            expectAtMost(seen.most, (release == .zero ? max(workers, ceiling) : workers), "release \(release): \(seen)")
        }
    }
}
