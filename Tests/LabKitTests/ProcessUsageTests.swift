import Foundation
import Testing

@testable import LabCore
@testable import LabProcesses

@Suite("ProcessUsage: getrusage read once, for a benchmark, the grader and a check")
struct ProcessUsageTests {
    /// CPU time this thread has used: what this process's figure must at least have grown by.
    private func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    @Test func computingOnThisThreadCountsForThisProcess() {
        let before = ProcessUsage.now()
        let threadStart = threadCPUSeconds()
        while threadCPUSeconds() - threadStart < 0.1 { _ = CPUWork.run(units: 10_000) }
        let used = threadCPUSeconds() - threadStart
        let grown = ProcessUsage.now().cpuSeconds - before.cpuSeconds
        // getrusage counts in microseconds, the thread clock in nanoseconds: a millisecond spare.
        expectAtLeast(grown, used - 0.001, "the process's CPU grew \(grown) s, this thread alone used \(used) s")
    }

    @Test func aChildsCPUCountsOnceItHasBeenWaitedFor() throws {
        let before = ProcessUsage.now(.waitedForChildren).cpuSeconds
        // The shell counts to 200 000, then says what CPU it used (`times`: its own, then its children's).
        let run = try ProcessCapture.run(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done; times"],
            // bash's `times` writes "0m0,069s" in a locale with a decimal comma.
            environment: ["LC_ALL": "C", "PATH": "/usr/bin:/bin"])
        let grown = ProcessUsage.now(.waitedForChildren).cpuSeconds - before
        let own = try unwrap(run.standardOutput.split(separator: "\n").first, "`times` printed nothing")
        // "0m0.120000s 0m0.004000s": user, then system.
        let seconds = own.split(separator: " ").compactMap { field -> Double? in
            let parts = field.dropLast().split(separator: "m")
            guard parts.count == 2, let minutes = Double(parts[0]), let rest = Double(parts[1]) else { return nil }
            return minutes * 60 + rest
        }
        expectEqual(seconds.count, 2, "`times` said \(own)")
        let childSaid = seconds.reduce(0, +)
        expectAbove(childSaid, 0, "counting to 200 000 took no CPU, said the shell: \(own)")
        expectAtLeast(
            grown, childSaid - 0.011, "the children's CPU grew \(grown) s, the shell alone said \(childSaid) s")
    }

    @Test func peakMemoryIsInBytesOnEveryPlatform() {
        // A test process holds megabytes; a count left in kilobytes (Linux's unit) would read as
        // a few tens of thousands of bytes.
        expectAbove(ProcessUsage.now().maxResidentBytes, 4 << 20)
    }
}
