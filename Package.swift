// swift-tools-version: 6.0
// Concurrency Lab: learn and measure Swift concurrency by running it.
// No package dependencies, by design: a student clones it and runs it offline.
import PackageDescription

/// Every lesson is a thin executable over the shared `Lessons` library.
let lessonExecutables = ["sync-vs-async", "async-let", "task-groups", "for-await", "cancellation", "actors", "main-actor", "continuations", "inventory"]

let package = Package(
    name: "ConcurrencyLab",
    // macOS 15: Synchronization's Mutex and Atomic (used by LabKit, LabBench and the lessons) need it.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "lab", targets: ["lab"]),
        .library(name: "LabKit", targets: ["LabKit"]),
        .library(name: "Lessons", targets: ["Lessons"]),
    ] + lessonExecutables.map { .executable(name: $0, targets: [$0]) },
    targets: [
        // A header-only C shim for the OS thread id on Linux (see its header).
        .target(name: "CLabShims"),
        .target(name: "LabKit", dependencies: ["CLabShims"]),
        .target(name: "Lessons", dependencies: ["LabKit"]),
        // The harness engine, and the suites that time the Lessons' variants.
        .target(name: "LabBench", dependencies: ["LabKit"]),
        .target(name: "LabBenchmarks", dependencies: ["LabBench", "LabKit", "Lessons"], path: "Benchmarks"),
        // Grading classroom exercises. The exercises themselves are not a target: a
        // student's unfinished file must never break the lab's own build.
        .target(name: "LabExercises", dependencies: ["LabKit", "CLabShims"]),
        .executableTarget(name: "lab", dependencies: ["LabKit", "Lessons", "LabBench", "LabBenchmarks", "LabExercises"]),
        .testTarget(name: "LabKitTests", dependencies: ["LabKit"]),
        .testTarget(name: "LessonsTests", dependencies: ["LabKit", "Lessons"]),
        .testTarget(name: "CommandLineTests", dependencies: ["LabKit", "Lessons", "CLabShims"]),
        .testTarget(name: "LabBenchTests", dependencies: ["LabBench", "LabKit", "LabBenchmarks"]),
        .testTarget(name: "LabExercisesTests", dependencies: ["LabExercises", "LabKit"]),
    ] + lessonExecutables.map { .executableTarget(name: $0, dependencies: ["LabKit", "Lessons"]) },
    swiftLanguageModes: [.v6]
)
