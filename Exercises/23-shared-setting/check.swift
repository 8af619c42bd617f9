import Dispatch
import LabCore

// Given: compiled into your module (StudentCode) beside your file, in the same mode.
/// A photo in the gallery.
nonisolated struct GalleryPhoto: Sendable, Equatable {
    let title: String
    let seed: UInt64
}

/// A thumbnail rendered at a width: rendering one is CPU work (30 ms here). Each records
/// where it was rendered and that it began, which is how the check knows.
nonisolated struct RenderedThumbnail: Sendable, Equatable {
    let title: String
    let width: Int
    let checksum: UInt64

    static let units = CPUWork.units(for: .milliseconds(30))

    init(photo: GalleryPhoto, width: Int) {
        WorkPlaces.record()
        title = photo.title
        self.width = width
        checksum = CPUWork.run(units: WorkPlaces.takeQuickRender() ? 1 : RenderedThumbnail.units, seed: photo.seed &+ UInt64(width))
    }
}

/// Where the thumbnails were rendered. Why not a heartbeat on the main actor: on Linux the
/// main actor is served by dispatch's worker threads, so CPU work that fills the pool delays a
/// heartbeat wherever the work runs. Asking the main queue (the main actor's executor, on
/// Linux and on macOS) "is this you?" depends on where the work ran, not on the machine.
nonisolated enum WorkPlaces {
    fileprivate static let mainQueue = DispatchSpecificKey<Bool>()
    fileprivate static let counts = Locked((onMainActor: 0, elsewhere: 0))

    /// The check calls this first, on the main actor.
    static func install() { DispatchQueue.main.setSpecific(key: mainQueue, value: true) }

    fileprivate static func record() {
        let onMain = DispatchQueue.getSpecific(key: mainQueue) == true
        counts.withLock { onMain ? ($0.onMainActor += 1) : ($0.elsewhere += 1) }
    }

    static var rendered: (onMainActor: Int, elsewhere: Int) { counts.withLock { $0 } }

    /// Renders asked to do no CPU work: the check's, just before each pick. Kept here, not in
    /// the photo, so that a renderer cannot tell those renders from the others.
    fileprivate static let quickRenders = Locked(0)

    /// The next render to start does no CPU work (nothing else renders then).
    static func renderNextQuickly() { quickRenders.withLock { $0 += 1 } }

    fileprivate static func takeQuickRender() -> Bool {
        quickRenders.withLock { pending in
            guard pending > 0 else { return false }
            pending -= 1
            return true
        }
    }
}

// MARK: - The check
import LabCore
@testable import StudentCode

let plannedExpectations = 3

/// The frame the UI draws right after a pick: the main actor is busy (with CPU work, as
/// drawing is) until a render started elsewhere has begun, or 200 ms. So the render reads
/// the width while nothing else can run on the main actor: a pick that a task of its own
/// stores later has not been stored yet. A width the main actor owns is still read right:
/// the render waits for the frame to end. (This busy loop is the point, not an accident.)
@MainActor
func drawFrame(until began: () -> Bool) {
    let end = ContinuousClock.now + .milliseconds(200)
    while !began() && ContinuousClock.now < end {}
}

@MainActor
func runCheck(_ report: CheckReport) async {
    WorkPlaces.install()
    let photos = (0..<CheckServices.random(in: 2...3)).map { GalleryPhoto(title: "photo \($0)", seed: UInt64(CheckServices.random(in: 1...1_000_000))) }
    var picks: [Int] = []
    while picks.count < 3 {
        let width = CheckServices.random(in: 60...400)
        if width != 120 && !picks.contains(width) { picks.append(width) }
    }
    // A rise, then a fall: a setting that kept only the widest pick passed 1 run in 12 while the
    // three came in any order (an audit's, helper 163), and one that kept the narrowest would have too.
    let ordered = picks.sorted()
    picks = [ordered[1], ordered[2], ordered[0]]
    let screen = SettingsScreen()
    var wrong: [(picked: Int, got: [Int])] = []
    report.waiting("renderThumbnail(of:) right after each of \(picks.count) picks, each pick just after another render, and awaited from the main actor as a view does")
    for width in picks {
        // A render (of no CPU work, and not told apart) just before the pick, so that the render
        // right after the pick reads the width soon after another read it: a renderer that kept
        // the width it read for 20 ms, or reused it for every second thumbnail, passed while each
        // pick followed a 30 ms render (an audit's, helper 163). It reads the previous width.
        WorkPlaces.renderNextQuickly()
        _ = await renderThumbnail(of: photos[photos.count - 1])
        screen.userPicked(width: width)
        let begun = WorkPlaces.rendered
        let first = Task.detached { await renderThumbnail(of: photos[0]) }
        drawFrame { let now = WorkPlaces.rendered; return now.onMainActor + now.elsewhere > begun.onMainActor + begun.elsewhere }
        var rendered = [await first.value]
        for photo in photos.dropFirst() { rendered.append(await renderThumbnail(of: photo)) }
        if rendered.map(\.width) != Array(repeating: width, count: photos.count) { wrong.append((width, rendered.map(\.width))) }
    }
    report.expect(wrong.isEmpty, "every thumbnail rendered after a pick had the picked width (\(picks.map { "\($0)" }.joined(separator: ", ")) px)",
                  otherwise: wrong.first.map { "the user picked \($0.picked) px, but the thumbnails rendered after it were \($0.got.map { "\($0)" }.joined(separator: ", ")) px wide: "
                      + "the pick must be stored when userPicked(width:) returns, and each render must read the width it finds then (a task that stores the pick later, or a width kept from an earlier read, misses it)" } ?? "")
    let places = WorkPlaces.rendered
    report.expect(places.onMainActor == 0, "all \(counted(places.elsewhere, "thumbnail")) \(were(places.elsewhere)) rendered off the main actor",
                  otherwise: "\(places.onMainActor) of \(places.onMainActor + places.elsewhere) thumbnails \(were(places.onMainActor)) rendered on the main actor: while it renders there the UI cannot draw")
    let requests = picks.count * (photos.count + 1)
    report.expect(places.onMainActor + places.elsewhere == requests,
                  "each thumbnail was rendered once", otherwise: "\(counted(places.onMainActor + places.elsewhere, "thumbnail")) \(were(places.onMainActor + places.elsewhere)) rendered for \(requests) requests (one just before each pick among them)")
}
