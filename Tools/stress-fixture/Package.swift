// swift-tools-version: 6.2
// A package of its own with one timing-dependent test and its fixed twin, for `lab stress`
// (see Sources/Lessons/TestingAsync/README.md): run from the lab's folder,
//   swift run lab stress --runs 50 --load busy -- swift test --package-path Tools/stress-fixture --filter sleepsAndHopes
import PackageDescription

let package = Package(
    name: "StressFixture",
    targets: [
        .target(name: "Thumbnails"),
        .testTarget(name: "ThumbnailsTests", dependencies: ["Thumbnails"]),
    ]
)
