import Foundation
import LabConsole
import LabCore
import Lessons

/// `lab doctor`: the facts the lessons depend on, measured on this machine.
@MainActor
enum DoctorCommand {

    struct Report: Codable {
        let environment: EnvironmentInfo
        let executorWidth: Int
        /// CPUs this process may use (its affinity and CPU quota), at most the machine's.
        let usableCpuCount: Int
        let mainThreadBeforeSuspension: Bool
        let mainThreadAfterSuspension: Bool
        let mainActorIsolatedAfterSuspension: Bool
        let clockResolutionSeconds: Double
        let sleepOvershootSeconds: Double
        /// The isolation mode the lab's lessons are compiled in (`swift-6` unless rebuilt otherwise).
        let compileMode: CompileMode
        /// The Swift 6.2 upcoming features this build enables (from the compiler's `#if hasFeature`).
        let upcomingFeaturesEnabled: [String]
    }

    /// The 6.2 upcoming features `lab` itself was compiled with, as the compiler reports them.
    /// (`#if hasFeature` answers for the module it is written in, so each module that reports
    /// its own features, like the isolation-modes copies, spells the checks out itself.)
    static var upcomingFeaturesEnabled: [String] {
        var features: [String] = []
        #if hasFeature(NonisolatedNonsendingByDefault)
            features.append("NonisolatedNonsendingByDefault")
        #endif
        #if hasFeature(InferIsolatedConformances)
            features.append("InferIsolatedConformances")
        #endif
        return features
    }

    static func run(json: Bool, noColor: Bool = false) async throws -> Int32 {
        // First, before anything else suspends: is the main actor still on the main thread?
        let thread = await ExecutorProbe.mainActorThreadReport()
        let environment = EnvironmentInfo.current()
        let width = await ExecutorProbe.measureWidth()
        let clock = await ExecutorProbe.clockReport()
        let report = Report(
            environment: environment, executorWidth: width, usableCpuCount: UsableCPUs.count,
            mainThreadBeforeSuspension: thread.before, mainThreadAfterSuspension: thread.after,
            mainActorIsolatedAfterSuspension: thread.stillIsolated,
            clockResolutionSeconds: clock.resolution.seconds, sleepOvershootSeconds: clock.sleepOvershoot.seconds,
            compileMode: CompileMode.ofTheLab, upcomingFeaturesEnabled: upcomingFeaturesEnabled)
        if json {
            let encoder = JSONEncoder()
            encoder.keyEncodingStrategy = .convertToSnakeCase
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            StandardOutput.line(String(decoding: try encoder.encode(report), as: UTF8.self))
            return 0
        }
        let terminal = Terminal.detect(noColorFlag: noColor)
        var table = Table(headers: ["fact", "on this machine"])
        func row(_ fact: String, _ value: String, _ why: String = "") {
            table.append([fact, value + (why.isEmpty ? "" : terminal.paint(" — " + why, .dim))])
        }
        row("Swift", environment.swiftVersion, "the lab needs Swift 6 language mode")
        row("OS", environment.operatingSystem)
        let usable = UsableCPUs.count
        row(
            "CPU",
            CPUCountWords.machine(model: environment.cpuModel, count: environment.cpuCount, usable: usable),
            usable < environment.cpuCount ? "its affinity or quota (taskset, docker --cpus) allows \(usable)" : "")
        row(
            "isolation mode of this build",
            "\(CompileMode.ofTheLab.title): "
                + (report.upcomingFeaturesEnabled.isEmpty
                    ? "no 6.2 upcoming features" : report.upcomingFeaturesEnabled.joined(separator: ", ")),
            "the toolchain's Swift 6 defaults; `swift run isolation-modes` runs the others")
        row(
            "build", environment.buildConfiguration,
            environment.buildConfiguration == "debug" ? "time things with -c release" : "good for timing")
        let widthWords = widthRow(width)
        row("executor width (measured)", widthWords.value, widthWords.why)
        row(
            "main actor on main thread", "\(yes(thread.before)) before a suspension, \(yes(thread.after)) after",
            thread.after ? "" : "check isolation with #isolation, not Thread.isMainThread")
        row(
            "main-actor isolation after it",
            thread.stillIsolated ? "confirmed by MainActor.assumeIsolated" : "NOT confirmed")
        row("clock resolution", clock.resolution.humanReadable, "the smallest step ContinuousClock shows")
        row(
            "Task.sleep(1 ms) wakes late by", clock.sleepOvershoot.humanReadable,
            "median of 15; short sleeps are this coarse")
        StandardOutput.line(
            (terminal.paint("lab doctor", .bold) + " — the facts the lessons stand on, measured now").wrapped(
                to: terminal.width) + "\n")
        StandardOutput.line(table.render(on: terminal))
        return 0
    }

    static func yes(_ flag: Bool) -> String { flag ? "yes" : "no" }

    /// The executor-width row's words, for the width measured (1 on a one-CPU machine).
    nonisolated static func widthRow(_ width: Int) -> (value: String, why: String) {
        (
            CountWords.of(width, "thread"),
            "at most \(CountWords.of(width, "blocking task")) \(width == 1 ? "runs" : "run") at once"
        )
    }
}
