#if os(Linux)
    import Foundation
    import LabCore
    import Testing
    @testable import LabExercises

    /// The grader's wait for a check polls its pipes until each one's end: a pipe whose writers
    /// have gone leaves the poll, so a check that closes its output and goes on running is waited
    /// for, not spun on (a closed pipe in a poll wakes it at once, every time).
    @Suite("The sandbox's pipes are polled until their end")
    struct PolledPipesTests {
        @Test func aPipeReadToItsEndLeavesThePollAndOneStillOpenStays() throws {
            let ended = try Sandbox.makePipe()
            let stillOpen = try Sandbox.makePipe()
            defer { for descriptor in [ended.read, stillOpen.read, stillOpen.write] { close(descriptor) } }
            _ = "last words".withCString { write(ended.write, $0, strlen($0)) }
            close(ended.write)
            var pipes = Sandbox.PolledPipes([ended.read, stillOpen.read])
            var polled = pipes.pollSet
            _ = poll(&polled, nfds_t(polled.count), 1000)
            let chunks = pipes.read(after: polled)
            expectEqual(chunks.map { String(decoding: $0.chunk, as: UTF8.self) }, ["last words"])
            expectEqual(pipes.open, [stillOpen.read])
        }

        @Test func aCheckThatClosesItsOutputAndRunsOnIsWaitedForWithoutSpinning() throws {
            let before = ProcessUsage.callingThreadCPUSeconds()
            let result = try Sandbox.run(
                URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "echo said; exec >&- 2>&-; sleep 1"], header: "x",
                limits: Sandbox.Limits())
            let spent = ProcessUsage.callingThreadCPUSeconds() - before
            expectEqual(result.exitStatus, 0)
            expectContains(result.output, "said")
            // Spinning, the waiting thread took most of the second (even sharing one CPU with the
            // check and two other busy processes, a third of it); waiting, a few milliseconds.
            expectBelow(spent, 0.25, "the grader's thread spent \(spent) s of CPU waiting for a second's sleep")
        }
    }
#endif
