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
        let quick = WorkPlaces.takeQuickRender()
        let held = WorkPlaces.record()
        title = photo.title
        self.width = width
        checksum = CPUWork.run(units: quick ? 1 : RenderedThumbnail.units, seed: photo.seed &+ UInt64(width))
        WorkPlaces.stayInFlight(held)
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

    /// Counts a render that has its width, and says whether it is the one to stay in flight.
    fileprivate static func record() -> DispatchSemaphore? {
        let onMain = DispatchQueue.getSpecific(key: mainQueue) == true
        counts.withLock { onMain ? ($0.onMainActor += 1) : ($0.elsewhere += 1) }
        let (held, release) = inFlight.withLock { state -> (DispatchSemaphore?, DispatchSemaphore?) in
            if state.armed {
                state = (false, DispatchSemaphore(value: 0), false)
                return (state.held, nil)
            }
            guard state.releaseArmed, let held = state.held else { return (nil, nil) }
            state = (false, nil, false)
            return (nil, held)
        }
        release?.signal()
        return held
    }

    /// A render kept in flight across a pick: the next render to begin holds, once it has its width
    /// and has rendered, until a render begins after the pick (or 1 s: a renderer that renders one
    /// at a time waits for it, and is only slower). A renderer that let renders begun while another
    /// was in flight reuse its width passed while the check's renders came one at a time (an
    /// audit's, helper 188). The hold blocks the render's thread on purpose: the check starts it on
    /// a thread of its own (SideBySideThreads), not the pool, whose one thread it would take on a
    /// one-CPU machine.
    fileprivate static let inFlight = Locked<(armed: Bool, held: DispatchSemaphore?, releaseArmed: Bool)>((false, nil, false))
    static func keepNextRenderInFlight() { inFlight.withLock { $0 = (true, nil, false) } }
    static func releaseWhenAnotherBegins() { inFlight.withLock { $0.releaseArmed = true } }
    fileprivate static func stayInFlight(_ held: DispatchSemaphore?) {
        if let held { _ = held.wait(timeout: .now() + 1) }
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

// MARK: - The answer's face
/// What the check calls of the answer: it is compiled once for every answer, against this
/// (see `AnswerFace` in the lab's grader), and reaches the answer only through `labAdaptor`.
/// `renderThumbnail(of:)` is awaited from the main actor (as a view does) and from tasks of no
/// actor, each from a closure of that isolation; the check reads only the width of what it
/// returns (a value it may send: the check sent it out of a detached task).
struct AnswerFace: Sendable {
    let makeScreen: @MainActor () -> AnswerScreenHandle
    let renderOnMain: @MainActor (GalleryPhoto) async -> Int
    let renderOffMain: nonisolated(nonsending) @Sendable (GalleryPhoto) async -> Int

    /// `value`, which the caller may send.
    static func sendable<Value: Sendable>(_ value: Value) -> Value { value }
}

/// A `SettingsScreen` the adaptor made: its `userPicked(width:)`, called on the main actor.
struct AnswerScreenHandle {
    let userPicked: @MainActor (Int) -> Void
}

// MARK: - How the check reaches the answer
func labAdaptor() -> AnswerFace {
    AnswerFace(
        makeScreen: {
            let screen = SettingsScreen()
            return AnswerScreenHandle(userPicked: { screen.userPicked(width: $0) })
        },
        renderOnMain: { await renderThumbnail(of: $0).width },
        renderOffMain: { AnswerFace.sendable(await renderThumbnail(of: $0)).width })
}

// MARK: - The check
import LabCore
@testable import StudentCode

let plannedExpectations = 3

/// The answer's `SettingsScreen`, made and called through the face on the main actor.
@MainActor
final class SettingsScreen {
    private let handle = labAdaptor().makeScreen()

    func userPicked(width: Int) { handle.userPicked(width) }
}

/// What the check reads of a thumbnail the answer rendered: its width.
struct Rendered: Sendable {
    let width: Int
}

/// The answer's `renderThumbnail(of:)`, awaited from the main actor.
@MainActor
func renderThumbnail(of photo: GalleryPhoto) async -> Rendered { Rendered(width: await labAdaptor().renderOnMain(photo)) }

/// The answer's `renderThumbnail(of:)`, awaited from a task of no actor, where the caller runs.
nonisolated(nonsending) func renderThumbnailOffMain(of photo: GalleryPhoto) async -> Rendered {
    Rendered(width: await labAdaptor().renderOffMain(photo))
}

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
    // Just before each pick, another pick of a width not drawn: a setting that kept at most one pick
    // every 50 ms (a slider's throttle) dropped the second and passed while picks came 60 ms or more
    // apart (an audit's, helper 188).
    var decoys: [Int] = []
    while decoys.count < picks.count {
        let width = CheckServices.random(in: 60...400)
        if width != 120 && !picks.contains(width) && !decoys.contains(width) { decoys.append(width) }
    }
    let screen = SettingsScreen()
    let ownThreads = SideBySideThreads(name: "check 23 · in flight", threads: 1)
    var wrong: [(decoy: Int, picked: Int, got: [Int])] = []
    report.waiting("renderThumbnail(of:) right after each of \(picks.count) picks, each pick just after another render and while one more is in flight, and awaited from the main actor as a view does")
    for (round, width) in picks.enumerated() {
        // Renders (of no CPU work, and not told apart) just before the pick, so that the render right
        // after the pick reads the width soon after another read it: a renderer that kept the width it
        // read for 20 ms, or reused it for every second thumbnail, passed while each pick followed a
        // 30 ms render (an audit's, helper 163). One more before each round than the last: a renderer
        // that asked for the width on every second (or third) call from its second passed, as rounds of
        // the same length put each first render after a pick at a call it asked on (helper 188).
        for _ in 0..<round {
            WorkPlaces.renderNextQuickly()
            _ = await renderThumbnail(of: photos[photos.count - 1])
        }
        // One kept in flight across the pick (see WorkPlaces.inFlight), begun with the width from before it.
        let before = WorkPlaces.rendered.onMainActor + WorkPlaces.rendered.elsewhere
        WorkPlaces.renderNextQuickly()
        WorkPlaces.keepNextRenderInFlight()
        let inFlight = Task.detached {
            await withTaskExecutorPreference(ownThreads) { _ = await renderThumbnailOffMain(of: photos[photos.count - 1]) }
        }
        _ = await poll(for: .seconds(5)) { @Sendable in let now = WorkPlaces.rendered; return now.onMainActor + now.elsewhere > before }
        // The render just before the pick: it reads the previous width.
        WorkPlaces.renderNextQuickly()
        _ = await renderThumbnail(of: photos[photos.count - 1])
        screen.userPicked(width: decoys[round])
        screen.userPicked(width: width)
        WorkPlaces.releaseWhenAnotherBegins()
        let begun = WorkPlaces.rendered
        let first = Task.detached { await renderThumbnailOffMain(of: photos[0]) }
        drawFrame { let now = WorkPlaces.rendered; return now.onMainActor + now.elsewhere > begun.onMainActor + begun.elsewhere }
        var rendered = [await first.value]
        for photo in photos.dropFirst() { rendered.append(await renderThumbnail(of: photo)) }
        await inFlight.value
        if rendered.map(\.width) != Array(repeating: width, count: photos.count) { wrong.append((decoys[round], width, rendered.map(\.width))) }
    }
    report.expect(wrong.isEmpty, "every thumbnail rendered after a pick had the picked width (\(picks.map { "\($0)" }.joined(separator: ", ")) px)",
                  otherwise: wrong.first.map { "the user picked \($0.decoy) px and then \($0.picked) px, but the thumbnails rendered after it were \($0.got.map { "\($0)" }.joined(separator: ", ")) px wide: "
                      + "the pick must be stored when userPicked(width:) returns, and each render must read the width it finds then (a task that stores the pick later, a pick dropped for coming soon after another, or a width kept from an earlier read or from a render still in flight, misses it)" } ?? "")
    let places = WorkPlaces.rendered
    report.expect(places.onMainActor == 0, "all \(counted(places.elsewhere, "thumbnail")) \(were(places.elsewhere)) rendered off the main actor",
                  otherwise: "\(places.onMainActor) of \(places.onMainActor + places.elsewhere) thumbnails \(were(places.onMainActor)) rendered on the main actor: while it renders there the UI cannot draw")
    // Per round: the photos, the render just before the pick, the one in flight, and one more quick
    // render than the round before (none, one, two).
    let requests = picks.count * (photos.count + 2) + (0..<picks.count).reduce(0, +)
    report.expect(places.onMainActor + places.elsewhere == requests,
                  "each thumbnail was rendered once", otherwise: "\(counted(places.onMainActor + places.elsewhere, "thumbnail")) \(were(places.onMainActor + places.elsewhere)) rendered for \(requests) requests (the check's renders around each pick among them)")
}
