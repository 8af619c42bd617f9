#if os(Linux)
    import CLabSandbox
    import Foundation
    import Testing
    @testable import LabExercises

    /// The scratch folder is on the machine's shared temporary disk: the supervisor stops a check
    /// that writes past its limits there, and says so (an audit's answer to 11 filled a small
    /// `/tmp` and a correct answer to 19 graded beside it failed). Linux: the supervisor watches
    /// the folder there only (docs/THREAT-MODEL.md).
    @Suite("A check's scratch folder is bounded as a whole")
    struct ScratchLimitTests {
        static func run(_ script: String, _ change: (inout Sandbox.Limits) -> Void) throws -> Sandbox.Result {
            var limits = Sandbox.Limits()
            change(&limits)
            return try Sandbox.run(
                URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script], header: "x", limits: limits)
        }

        /// Files of 1 MB until stopped, each under the file size limit; then it would wait.
        static let manyMegabytes =
            "i=0; while [ $i -lt 200 ]; do head -c 1048576 /dev/zero > f$i; i=$((i+1)); done; exec sleep 10"

        @Test func writingPastTheBytesIsStoppedAndSaid() throws {
            let result = try Self.run(Self.manyMegabytes) { $0.scratchBytes = 16 << 20 }
            let scratch = try unwrap(result.stoppedAtScratch, "\(result.output)")
            expectAbove(scratch.bytes, UInt64(16 << 20))
            expectEqual(result.timedOut, false)
            expectEqual(result.supervisorLost, false)
            let sentence = CheckVerdict.scratchSentence(scratch, limits: result.limits)
            expectContains(sentence, "it wrote at least \(scratch.bytes >> 20) MB")
            expectContains(sentence, "may write 16 MB")
        }

        @Test func manyEmptyFilesAreStoppedAndSaid() throws {
            let result = try Self.run("i=0; while [ $i -lt 500 ]; do : > e$i; i=$((i+1)); done; exec sleep 10") {
                $0.scratchEntries = 100
            }
            let scratch = try unwrap(result.stoppedAtScratch, "\(result.output)")
            expectEqual(scratch.entries, 101)
            expectContains(
                CheckVerdict.scratchSentence(scratch, limits: result.limits), "more than 100 files and folders")
        }

        @Test func foldersNestedPastTheWalkAreStopped() throws {
            let result = try Self.run("mkdir -p $(printf 'd/%.0s' $(seq 1 30)) && exec sleep 10") { _ in }
            let scratch = try unwrap(result.stoppedAtScratch, "\(result.output)")
            expectEqual(scratch.entries, nil)
            expectContains(CheckVerdict.scratchSentence(scratch, limits: result.limits), "nested folders")
        }

        /// A file written and deleted while still open takes the disk that no folder shows: counted
        /// through the check's descriptors.
        @Test func aDeletedFileHeldOpenIsCounted() throws {
            let result = try Self.run(
                "exec 3>held && rm held && i=0; while [ $i -lt 40 ]; do head -c 1048576 /dev/zero >&3; i=$((i+1)); done; exec sleep 10"
            ) { $0.scratchBytes = 16 << 20 }
            let scratch = try unwrap(result.stoppedAtScratch, "\(result.output)")
            expectAbove(scratch.bytes, UInt64(16 << 20))
            expectEqual(scratch.entries, 0)
        }

        /// Within the limits the check ends as it would have.
        @Test func writingWithinTheLimitsIsLeftAlone() throws {
            let result = try Self.run("head -c 4194304 /dev/zero > kept && mkdir -p a/b/c && : > a/b/c/d") { _ in }
            expectEqual(result.stoppedAtScratch, nil)
            expectEqual(result.exitStatus, 0, result.output)
        }

        /// Read every 40 ms while it holds an eighth of each limit or less, every 10 ms past either:
        /// most checks write nothing there, and one that writes toward a limit is read as often as ever.
        @Test func theFolderIsReadMoreOftenOnceItHoldsAnEighthOfALimit() {
            let limits = Sandbox.Limits()
            func interval(_ bytes: UInt64, _ entries: UInt64) -> Double {
                lab_scratch_reading_interval(bytes, entries, limits.scratchBytes, limits.scratchEntries)
            }
            expectEqual(interval(0, 0), 0.04)
            expectEqual(interval(limits.scratchBytes / 8, limits.scratchEntries / 8), 0.04)
            expectEqual(interval(limits.scratchBytes / 8 + 1, 0), 0.01)
            expectEqual(interval(0, limits.scratchEntries / 8 + 1), 0.01)
            expectEqual(interval(limits.scratchBytes, limits.scratchEntries), 0.01)
        }

        @Test func theReportLinesAreRead() {
            let report = SupervisorReport(lines: "started 12\nscratch-entries 7\nscratch 300000000\nstrays 0\n")
            expectEqual(report.scratch, Sandbox.ScratchUse(bytes: 300_000_000, entries: 7))
            expectEqual(SupervisorReport(lines: "scratch-entries -1\nscratch 0\n").scratch?.entries, nil)
        }
    }
#endif
