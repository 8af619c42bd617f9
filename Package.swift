// swift-tools-version: 6.2
// Concurrency Lab: learn and measure Swift concurrency by running it.
// No package dependencies, by design: a student clones it and runs it offline.
import Foundation
import PackageDescription

// The lessons are listed once, in Sources/Lessons/Catalog.swift. Here they are found on
// disk: every lesson is a thin executable, `Sources/<lesson>/main.swift`, over the shared
// `Lessons` library, whose folders each open with a guide (README.md). A test checks that
// the two agree.
// SwiftPM caches this manifest's result by its text, so a lesson folder added on disk alone
// would go unseen (a `git pull` bringing a new lesson, too). Each lesson is therefore also
// named on the next line; a test keeps it equal to the folders.
// Lessons: actors, async-let, cancellation, continuations, for-await, from-gcd, inventory, isolation-modes, main-actor, observing-state, sync-vs-async, task-apis, task-groups, testing-async, when-it-stops
let sources = URL(fileURLWithPath: Context.packageDirectory).appendingPathComponent("Sources")
let folders = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
let lessonExecutables = folders.filter { folder in
    folder != "lab"
        && FileManager.default.fileExists(atPath: sources.appendingPathComponent("\(folder)/main.swift").path)
}.sorted()
// The lessons that report allocations link the allocation counter (it replaces malloc, which
// costs every allocation a call even with counting off); the others keep the system's malloc.
// A test keeps this set equal to the lessons whose code counts allocations.
let lessonsCountingAllocations: Set<String> = ["async-let", "continuations", "observing-state"]
let lessonGuides =
    ((try? FileManager.default.contentsOfDirectory(atPath: sources.appendingPathComponent("Lessons").path)) ?? [])
    .map { "\($0)/README.md" }
    .filter { FileManager.default.fileExists(atPath: sources.appendingPathComponent("Lessons/\($0)").path) }

// The isolation-modes lesson's app code, one file compiled once per mode a learner meets:
// each module's folder links to Sources/IsolationModes/ModeApp.swift.
let approachableConcurrency: [SwiftSetting] = [
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
]
let isolationModes: [(module: String, folder: String, settings: [SwiftSetting])] = [
    ("IsolationModeSwift6", "Swift6", []),
    ("IsolationModeApproachable", "Approachable", approachableConcurrency),
    ("IsolationModeMainActorByDefault", "MainActorByDefault", [.defaultIsolation(MainActor.self)]),
    (
        "IsolationModeXcodeAppTemplate", "XcodeAppTemplate",
        [.defaultIsolation(MainActor.self)] + approachableConcurrency
    ),
]

// CI's sanitized build leaves out the test targets its run skips (`.ci/run`, tsan_build): their
// compile is CPU that nothing reads. A comma-separated list of test target names; unset, every
// test target is built, as `swift test` builds them for everyone else.
let testTargetsLeftOut = Set(
    (ProcessInfo.processInfo.environment["CONCURRENCY_LAB_LEAVE_OUT_TESTS"] ?? "").split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
    })

let package = Package(
    name: "ConcurrencyLab",
    // macOS 15: Synchronization's Mutex and Atomic (used by LabCore, LabBench and the lessons) need it.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "lab", targets: ["lab"]),
        // What a student's exercise and its check may import (the grader links only those a file names).
        .library(name: "LabCore", targets: ["LabCore"]),
        .library(name: "LabTrace", targets: ["LabTrace"]),
        .library(name: "LabScenarios", targets: ["LabScenarios"]),
        .library(name: "LabStorage", targets: ["LabStorage"]),
        .library(name: "Lessons", targets: ["Lessons"]),
        // A trace drawn, your own code's too (`TimelinePageRecorder`): the page a lesson's --html writes.
        .library(name: "LabTimeline", targets: ["LabTimeline"]),
        // The terminal a timeline or a bench report is drawn for (`Terminal`, in their public API).
        .library(name: "LabConsole", targets: ["LabConsole"]),
        // The harness, for your own benchmarks: see docs/BENCHMARK-YOUR-CODE.md and Examples/BenchmarkYourCode.
        .library(name: "LabBench", targets: ["LabBench"]),
        // Allocation counts for your benchmarks, by asking: link this product too and LabBench
        // reports mallocs per operation (it replaces malloc in your program; see the docs).
        .library(name: "LabAllocationCounter", targets: ["CLabAllocations"]),
        // Executor hops and retain/release traffic for your benchmarks, likewise by asking: each
        // defines a Swift runtime entry point in your program (see their sources and the docs).
        .library(name: "LabHopCounter", targets: ["CLabHops"]),
        .library(name: "LabRetainCounter", targets: ["CLabRetains"]),
    ] + lessonExecutables.map { .executable(name: $0, targets: [$0]) },
    targets: ([
        // A header-only C shim for the OS thread id on Linux (see its header).
        // dlopen (the SQLite shim) is in libdl on glibc before 2.34.
        .target(name: "CLabShims", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // Counts allocations: replaces malloc and its family, forwarding to glibc's allocator
        // (see allocations.c), in the programs that link it — `lab`, the lessons that report
        // allocations, the tests — and nowhere else (LabCore finds it at run time).
        .target(name: "CLabAllocations", dependencies: ["CLabShims"]),
        // One purpose each; docs/ARCHITECTURE.md draws them and what each may import (a test checks it).
        // What everything measures with, a student's check too: scaled time and simulated work,
        // locks and executors, where code runs, machine facts, allocation readings, seeded randomness.
        .target(name: "LabCore", dependencies: ["CLabShims"]),
        // What the lab writes for a person: the terminal, NO_COLOR, styles, tables, wrapping, text made safe for HTML.
        .target(name: "LabConsole", dependencies: ["LabCore"]),
        // Each command's options declared once; parsing, usage, --help and "did you mean" from them.
        .target(name: "LabCommandLine", dependencies: ["LabConsole", "LabCore"]),
        // Files written whole or not at all, file locks, the lab's folders and output folders.
        .target(name: "LabFiles", dependencies: ["LabCore"]),
        // Child processes started and awaited, and where this program is (the host to relaunch).
        .target(name: "LabProcesses", dependencies: ["CLabShims", "LabCore"]),
        // What ran where, recorded: the probe's spans, each with its place, thread and task.
        .target(name: "LabTrace", dependencies: ["LabCore"]),
        // A trace drawn: the terminal timeline, the task tree, the HTML page, the Chrome trace.
        .target(name: "LabTimeline", dependencies: ["LabConsole", "LabCore", "LabFiles", "LabTrace"]),
        // The stand-ins for the sources' backends and SwiftUI's run loop.
        .target(name: "LabScenarios", dependencies: ["LabCore", "LabTrace"]),
        // The SQLite binding the inventory stands on.
        .target(name: "LabStorage", dependencies: ["CLabShims", "LabCore"]),
        // The lesson framework: the Lesson protocol, the shared flags, the story, --json.
        .target(
            name: "LessonKit",
            dependencies: [
                "LabCommandLine", "LabConsole", "LabCore", "LabFiles", "LabProcesses", "LabTrace", "LabTimeline",
            ]),
        .target(
            name: "Lessons",
            dependencies: [
                "LabCommandLine", "LabConsole", "LabCore", "LabFiles", "LabProcesses", "LabTrace", "LabScenarios",
                "LabStorage", "LessonKit",
            ]
                + isolationModes.map { .target(name: $0.module) },
            exclude: lessonGuides),
        // The harness engine, and the suites that time the Lessons' variants.
        // Where the opt-in counters below install themselves; LabBench reads them through it.
        .target(name: "CLabCounterHooks"),
        // Count executor hops (hops.c) and retains/releases (retains.c) by defining the runtime's
        // entry points, in the programs that link them — `lab`, the tests, and a LabBench user's
        // program that asks for the LabHopCounter or LabRetainCounter product — and nowhere else.
        .target(
            name: "CLabHops", dependencies: ["CLabCounterHooks"],
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        .target(
            name: "CLabRetains", dependencies: ["CLabCounterHooks"],
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        .target(
            name: "LabBench",
            dependencies: [
                "LabCommandLine", "LabConsole", "LabCore", "LabFiles", "LabProcesses", "LabTrace", "CLabCounterHooks",
            ]),
        .target(name: "LabBenchmarks", dependencies: ["LabBench", "LabCore", "LabTrace", "LabScenarios", "LabStorage", "Lessons", "CLabAllocations"],
                path: "Benchmarks"),
        // Grading classroom exercises. The exercises themselves are not a target: a
        // student's unfinished file must never break the lab's own build.
        // The grader's trusted launcher: fork, confine (Landlock, seccomp, capabilities; Seatbelt on
        // macOS), exec, supervise. Its own target, so changing it rebuilds the grader only.
        .target(name: "CLabSandbox", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // Reading Swift source without a compiler: the lexer, and the scans built on it (what an
        // answer declares, reaches and calls; what async code reaches that blocks). The grader runs
        // them on students' answers, and a test on the lab's own code.
        .target(name: "LabSourceScan"),
        .target(
            name: "LabExercises",
            dependencies: [
                "LabCommandLine", "LabConsole", "LabCore", "LabFiles", "LabProcesses", "CLabShims", "CLabSandbox",
                "LabSourceScan",
            ]),
        .executableTarget(
            name: "lab",
            dependencies: [
                "LabCommandLine", "LabConsole", "LabCore", "LabFiles", "LabProcesses", "LessonKit", "Lessons", "LabBench",
                "LabBenchmarks", "LabExercises", "CLabAllocations", "CLabHops", "CLabRetains",
            ]),
        // The modules LabKit was split into, tested together (and the imports each may make).
        .testTarget(
            name: "LabKitTests",
            dependencies: [
                "LabConsole", "LabCore", "LabFiles", "LabProcesses", "LabTrace", "LabTimeline", "LabScenarios",
                "LabStorage", "LessonKit", "CLabAllocations",
            ]),
        .testTarget(
            name: "LessonsTests",
            dependencies: [
                "LabCommandLine", "LabConsole", "LabCore", "LabFiles", "LabProcesses", "LabTrace", "LabScenarios",
                "LabStorage", "LessonKit", "Lessons", "CLabAllocations", "LabExercises",
            ]),
        .testTarget(
            name: "CommandLineTests",
            dependencies: [
                "LabCommandLine", "LabCore", "LabFiles", "LabProcesses", "LabTimeline", "LabTrace", "LessonKit",
                "Lessons", "CLabShims", "LabBench", "LabExercises", "lab",
            ]),
        .testTarget(
            name: "LabBenchTests",
            dependencies: [
                "LabBench", "LabCore", "LabFiles", "LabTrace", "LabBenchmarks", "CLabAllocations", "CLabHops",
                "CLabRetains",
            ]),
        // LabBench as your package sees it: public API only, no @testable import.
        .testTarget(name: "LabBenchAPITests", dependencies: ["LabBench"]),
        // Attacks/ holds answers that attack the grader: graded by the tests, never compiled into them.
        .testTarget(
            name: "LabExercisesTests", dependencies: ["LabConsole", "LabCore", "LabExercises", "LabFiles", "LabProcesses", "LabSourceScan"],
            exclude: ["Attacks"]),
    ]
        + lessonExecutables.map { lesson in
            .executableTarget(
                name: lesson,
                dependencies: ["LessonKit", "Lessons"]
                    + (lessonsCountingAllocations.contains(lesson) ? ["CLabAllocations"] : []))
        }
        + isolationModes.map {
            .target(
                name: $0.module, dependencies: ["LabCore"], path: "Sources/IsolationModes/\($0.folder)",
                swiftSettings: $0.settings)
        }).filter { $0.type != .test || !testTargetsLeftOut.contains($0.name) },
    swiftLanguageModes: [.v6]
)
