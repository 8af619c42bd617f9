// swift-tools-version: 6.2
// An example of timing your own code with Concurrency Lab's harness: a package of its own
// that depends on the lab by path, as yours would (by path or by URL).
import Foundation
import PackageDescription

// A dependency by path is known by its folder's name, which is whatever the lab was cloned
// into ("concurrency-lab", "main", …): read it rather than guess it.
let lab = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
    name: "BenchmarkYourCode",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: lab.path)],
    targets: [
        // The code being measured: it knows nothing about benchmarks.
        .target(name: "Thumbnails"),
        // The benchmarks: suites over that code, and a main that hands them to the harness.
        .executableTarget(name: "thumbnail-bench", dependencies: [
            "Thumbnails",
            .product(name: "LabBench", package: lab.lastPathComponent),
            // Asked for: mallocs per operation in the reports (it replaces malloc in this program).
            .product(name: "LabAllocationCounter", package: lab.lastPathComponent),
            // Asked for: executor hops and retains per operation (each defines a Swift runtime entry
            // point in this program: swift_task_switch; swift_retain, swift_release and kin).
            .product(name: "LabHopCounter", package: lab.lastPathComponent),
            .product(name: "LabRetainCounter", package: lab.lastPathComponent),
        ]),
        // The same code traced and drawn: the page a lesson writes with --html (LabTimeline's
        // TimelinePageRecorder; the probe it hands you is LabTrace's).
        .executableTarget(name: "thumbnail-timeline", dependencies: [
            "Thumbnails", .product(name: "LabTimeline", package: lab.lastPathComponent),
            .product(name: "LabTrace", package: lab.lastPathComponent),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
