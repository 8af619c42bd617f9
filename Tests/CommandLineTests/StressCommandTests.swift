import Foundation
import Testing

@testable import LabCore
@testable import LabTrace
@testable import LessonKit
@testable import lab

/// `lab stress`: its report's sentences for each outcome, its loads' command lines, and the
/// command run as a user runs it (a command that fails every other run, and one that never fails).
@Suite("lab stress")
struct StressCommandTests {
    @Test func theVerdictFollowsThePassRate() {
        let clean = StressSummary.verdict(passed: 50, runs: 50, failingLoads: [], cleanLoads: [.busy])
        expect(clean.contains("Every run passed (50 of 50)") && clean.contains("64%"))
        expectEqual(StressSummary.chanceOfSeeing(runs: 1), "100%")
        expectEqual(StressSummary.chanceOfSeeing(runs: 2), "75%")
        let flaky = StressSummary.verdict(passed: 41, runs: 50, failingLoads: [.busy], cleanLoads: [.none])
        expect(flaky.contains("9 of 50 runs failed (18%)") && flaky.contains("failed under busy and never under none"))
        let flakyEverywhere = StressSummary.verdict(passed: 41, runs: 50, failingLoads: [.busy], cleanLoads: [])
        expectNotContains(flakyEverywhere, "never under")
        // Blamed on the load only where the split is unlikely by chance: 9 failures in 25 busy
        // runs and none in 25 quiet ones is; one failure in 3 busy runs and none in 2 is not.
        let split = StressSummary.verdict(
            passed: 41, runs: 50, failingLoads: [.busy], cleanLoads: [.none], cleanRuns: 25)
        expectContains(split, "never under none: its result depends on the conditions")
        let luck = StressSummary.verdict(
            passed: 4, runs: 5, failingLoads: [.busy], cleanLoads: [.oneCPU], cleanRuns: 2)
        expectContains(luck, "could fall that way by chance (60%)")
        expectNotContains(luck, "depends on the conditions")
        expectEqual(StressSummary.chanceAllFailuresFallApart(failures: 9, cleanRuns: 25, runs: 50) < 0.05, true)
        let broken = StressSummary.verdict(passed: 0, runs: 5, failingLoads: [.busy], cleanLoads: [])
        expectContains(broken, "not flakiness but a failure")
    }

    @Test func theCommandIsShownAsAShellWouldRunIt() {
        expectEqual(
            ["bash", "-c", "echo out; [ $x = 0 ]", "it's", ""].map(StressCommand.quotedForAShell),
            ["bash", "-c", "'echo out; [ $x = 0 ]'", "'it'\\''s'", "''"])
    }

    @Test func eachLoadWrapsTheCommandItsOwnWay() {
        let find = { (name: String) -> URL? in URL(fileURLWithPath: "/usr/bin/\(name)") }
        expectEqual(StressLoad.none.wrap(["swift", "test"], onPath: find), ["swift", "test"])
        expectEqual(StressLoad.busy.wrap(["swift", "test"], onPath: find), ["swift", "test"])
        expectEqual(
            StressLoad.oneCPU.wrap(["swift", "test"], onPath: find), ["/usr/bin/taskset", "-c", "0", "swift", "test"])
        let narrow = StressLoad.narrowPool.wrap(["swift", "test"], onPath: find)
        expect(narrow.first == "/usr/bin/unshare" && narrow.suffix(2) == ["swift", "test"])
        expect(narrow.contains { $0.contains("/sys/devices/system/cpu/$f") })
    }

    @Test func aTimedOutRunSaysItsLimitOnce() async throws {
        let result = try await ProcessRunner.run(
            "lab", ["stress", "--runs", "1", "--load", "none", "--timeout", "1", "--", "sleep", "30"])
        expectEqual(result.status, 1)
        let line = result.standardOutput.split(separator: "\n").first { $0.contains("timed out") } ?? ""
        expect(line.contains("timed out (the limit is 1 s) after "), "\(result.standardOutput)")
        expectContains(result.standardOutput, "Running sleep 30 1 time under", "one run, one time")
    }

    @Test func aFailingLineIsFoundInTheOutput() {
        let output = "Building…\n✔ Test a() passed\n✘ Test b() recorded an issue at X.swift:3: Expectation failed\n"
        expectEqual(FailureLine.first(in: output)?.hasPrefix("✘ Test b()"), true)
        expectEqual(FailureLine.first(in: "nothing special\nlast words\n"), "last words")
    }

    @Test func aFlakyCommandIsReportedWithItsFailuresAndAStableOneIsNot() async throws {
        // Fails when the clock's nanoseconds are odd: about half the runs, whatever the machine.
        // (The 1 in front keeps a leading zero from making sh read the number as octal.)
        let flaky = ["sh", "-c", "test $(( 1$(date +%N) % 2 )) -eq 0"]
        var seen: [Int] = []
        for _ in 0..<3 {  // 20 runs of a coin: all 20 alike has a chance of 2 in a million, three times over
            let result = try await ProcessRunner.run(
                "lab", ["stress", "--runs", "20", "--load", "none", "--json", "--"] + flaky)
            let report = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
            let runs = try unwrap(report?["runs"] as? [[String: Any]])
            let failed = runs.filter { ($0["passed"] as? Bool) == false }
            seen.append(failed.count)
            if !failed.isEmpty {
                expectEqual(result.status, 1)
                expect(
                    failed.allSatisfy {
                        ($0["outcome"] as? String) == "exited with status 1" && ($0["load"] as? String) == "none"
                    })
                break
            }
        }
        expect(seen.contains { $0 > 0 && $0 < 20 }, "failures seen: \(seen)")
        let stable = try await ProcessRunner.run("lab", ["stress", "--runs", "5", "--load", "none,busy", "--", "true"])
        expectEqual(stable.status, 0, "\(stable.standardError)")
        expectContains(stable.standardOutput, "Every run passed (5 of 5)")
        expectContains(stable.standardOutput, "busy")
    }

    #if os(Linux)
        @Test func aNarrowedPoolHasOneThread() async throws {
            let result = try await ProcessRunner.run(
                "lab", ["stress", "--runs", "1", "--load", "narrow-pool", "--json", "--", "true"])
            guard result.status == 0 else {
                // Without user namespaces the load is refused in one line, which is also right.
                expectContains(result.standardError, "narrow-pool could not be made here", "\(result.standardError)")
                return
            }
            let report = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
            let conditions = try unwrap(report?["conditions"] as? [[String: Any]])
            expect(conditions.first?["pool_width"] as? Int == 1)
        }
    #endif
}
