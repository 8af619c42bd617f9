import Dispatch
import LabCore

// Given: compiled into your module (StudentCode) beside your file, in the same mode.
/// A photo that arrived from the server.
struct GalleryPhoto: Sendable, Equatable {
    let title: String
    let seed: UInt64
}

/// A thumbnail: making one is CPU work (30 ms here). Each records whether it was made on
/// the main actor, which is how the check knows where the work ran.
struct Thumbnail: Sendable, Equatable {
    let title: String
    let checksum: UInt64

    static let units = CPUWork.units(for: .milliseconds(30))

    init(photo: GalleryPhoto) {
        WorkPlaces.began(photo.title)
        WorkPlaces.record()
        WorkPlaces.waitIfHeld(photo.title)
        title = photo.title
        checksum = CPUWork.run(units: Thumbnail.units, seed: photo.seed)
        WorkPlaces.recordCancellation()
        WorkPlaces.finished(photo.title)
    }
}

/// Where the thumbnails were made. Why not a heartbeat on the main actor: on Linux the main
/// actor is served by dispatch's worker threads, so CPU work that fills the pool delays a
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
        nextBegun.withLock { action in
            defer { action = nil }
            return action
        }?()
        // Every thumbnail made off the main actor asks, until one gets no answer: an answer that
        // made its first one properly and then held the main actor for the rest was seen (an audit's).
        if !onMain && answered.withLock({ $0 }) != false { askTheMainActor() }
    }

    static var made: (onMainActor: Int, elsewhere: Int) { counts.withLock { $0 } }

    /// Thumbnails finished in a task that had been cancelled meanwhile. Work done in the task
    /// that asked for it (or its child tasks) sees that task cancelled; work handed to a task of
    /// its own or to a dispatch queue never does.
    fileprivate static let cancelledSeen = Locked(0)
    /// Thumbnails finished after the check cancelled the batch, in code that never heard of it:
    /// handed out of the task (to an OperationQueue, a thread: an audit's answer made the first
    /// in the task and the rest on a queue, and passed while one seen was enough).
    fileprivate static let cancelMissed = Locked((cancelled: false, missed: 0))
    fileprivate static func recordCancellation() {
        if Task.isCancelled {
            cancelledSeen.withLock { $0 += 1 }
        } else {
            cancelMissed.withLock { if $0.cancelled { $0.missed += 1 } }
        }
    }
    static var madeWhileCancelled: Int { cancelledSeen.withLock { $0 } }
    static var madeOutsideTheCancelledTask: Int { cancelMissed.withLock { $0.missed } }
    /// The check says when it has cancelled the batch.
    static func batchCancelled() { cancelMissed.withLock { $0.cancelled = true } }

    /// What the check does when the next thumbnail is begun, on the thread that begins it: the
    /// moment is the work's own, whatever keeps the check's task from running meanwhile.
    fileprivate static let nextBegun = Locked<(@Sendable () -> Void)?>(nil)
    static func whenNextBegun(_ action: @escaping @Sendable () -> Void) { nextBegun.withLock { $0 = action } }

    /// Whether the main actor was free while the work ran off it, asked by the work itself: each
    /// thumbnail made off the main actor asks the main queue to answer, and waits for the answer
    /// (5 s at most). A main actor that awaits the work answers at once. One that waits
    /// for the work by any means (`queue.sync`, a lock, a loop) cannot answer before the work is
    /// done, so the wait runs out: the UI was held all the same (an audit's answer spun on the
    /// main actor while a global queue made the thumbnails, and passed). A cause, not a timing:
    /// no busy machine makes a free main actor fail to answer within 5 s, nor a held one answer.
    /// The wait blocks this thread on purpose: it is the work's own, and only a free main
    /// actor can end it.
    fileprivate static let answered = Locked<Bool?>(nil)

    private static func askTheMainActor() {
        let answer = DispatchSemaphore(value: 0)
        DispatchQueue.main.async { answer.signal() }
        let free = answer.wait(timeout: .now() + 5) == .success
        answered.withLock { $0 = ($0 ?? true) && free }
    }

    /// nil when no thumbnail was made off the main actor.
    static var mainActorAnswered: Bool? { answered.withLock { $0 } }

    /// The photo whose thumbnail waits, before its work, until another photo's thumbnail is
    /// finished. Made side by side, the held one then always ends after another, so an answer that
    /// keeps thumbnails in the order they end is seen, however busy the machine: the hold frees the
    /// CPU for the others, and the check's two threads (SideBySideThreads, whatever the width of the
    /// machine's pool) run another meanwhile. A thumbnail finished before the held one begins frees
    /// it at once. Made one after another, no other thumbnail begins meanwhile: the hold ends when none has begun within `patience`, and
    /// the thumbnails come in order, a little late. One that has begun is waited for up to 3 s: a
    /// thumbnail is 30 ms of CPU (a hold of 1 s for another to be finished ran out 3 times in 30
    /// beside two busy processes on a loaded CPU: the pool's other thread began a second late).
    fileprivate static let hold = Locked<(title: String?, anotherBegun: Bool, anotherFinished: Bool)>((nil, false, false))
    fileprivate static let anotherBegun = DispatchSemaphore(value: 0)
    fileprivate static let anotherFinished = DispatchSemaphore(value: 0)
    fileprivate static let patience = Locked(DispatchTimeInterval.never)

    /// The check calls this before the batch: `title`'s thumbnail is held.
    static func holdUntilAnotherIsFinished(_ title: String, patience: Duration) {
        hold.withLock { $0 = (title, false, false) }
        Self.patience.withLock { $0 = .milliseconds(Int(patience / .milliseconds(1))) }
    }

    /// Blocks this thread on purpose, as `askTheMainActor` does: the wait is the work's own (a
    /// thumbnail is synchronous work), and only other work, or the patience, ends it.
    fileprivate static func waitIfHeld(_ title: String) {
        guard let state = hold.withLock({ $0.title == title ? $0 : nil }), !state.anotherFinished else { return }
        if !state.anotherBegun, anotherBegun.wait(timeout: .now() + patience.withLock { $0 }) == .timedOut { return }
        _ = anotherFinished.wait(timeout: .now() + 3)
    }

    /// Each thumbnail says when it begins and ends: the first other one to do each frees the hold's
    /// next step.
    fileprivate static func began(_ title: String) {
        if hold.withLock({ mark(&$0.anotherBegun, in: $0.title, for: title) }) { anotherBegun.signal() }
    }

    fileprivate static func finished(_ title: String) {
        if hold.withLock({ mark(&$0.anotherFinished, in: $0.title, for: title) }) { anotherFinished.signal() }
    }

    /// Sets `flag` for the first thumbnail other than the held one; true when this one set it.
    private static func mark(_ flag: inout Bool, in held: String?, for title: String) -> Bool {
        guard let held, held != title, !flag else { return false }
        flag = true
        return true
    }
}

// MARK: - The answer's face
/// What the check calls of the answer: it is compiled once for every answer, against this
/// (see `AnswerFace` in the lab's grader), and reaches the answer only through `labAdaptor`.
struct AnswerFace: Sendable {
    let makeModel: @MainActor () -> AnswerModelHandle
}

/// A `GalleryModel` the adaptor made: its `photosArrived(_:)`, awaited on the main actor, and
/// the title and checksum of each of its `thumbnails`, read there.
struct AnswerModelHandle {
    let photosArrived: @MainActor ([GalleryPhoto]) async -> Void
    let thumbnails: @MainActor () -> [(title: String, checksum: UInt64)]
}

// MARK: - How the check reaches the answer
func labAdaptor() -> AnswerFace {
    AnswerFace(makeModel: {
        let model = GalleryModel()
        return AnswerModelHandle(
            photosArrived: { await model.photosArrived($0) },
            thumbnails: { model.thumbnails.map { (title: $0.title, checksum: $0.checksum) } })
    })
}

// MARK: - The check
import LabCore
@testable import StudentCode

let plannedExpectations = 3

/// The answer's `GalleryModel`, made and called through the face on the main actor.
@MainActor
final class GalleryModel {
    private let handle: AnswerModelHandle
    var thumbnails: [(title: String, checksum: UInt64)] { handle.thumbnails() }

    init() { handle = labAdaptor().makeModel() }

    func photosArrived(_ photos: [GalleryPhoto]) async { await handle.photosArrived(photos) }
}

@MainActor
func runCheck(_ report: CheckReport) async {
    WorkPlaces.install()
    let count = CheckServices.random(in: 5...7)
    // Titles out of alphabetical order: a model kept in the order the thumbnails end and then
    // sorted by title passed while the titles were "photo 0", "photo 1", … (an audit's).
    var titles = Array(["aurora", "canyon", "dunes", "glacier", "harbour", "lagoon", "meadow"].shuffled().prefix(count))
    if titles == titles.sorted() { titles.swapAt(0, 1) }
    let photos = titles.map { GalleryPhoto(title: $0, seed: UInt64(CheckServices.random(in: 1...1_000_000))) }
    // The first photo's thumbnail waits for another to be finished (see WorkPlaces.hold): made side
    // by side, the thumbnails end out of the photos' order, so a model kept in the order they end
    // is seen (a group that kept its children's arrival order passed, with the first photo made
    // three times as big, four checks in eight on one CPU beside a busy process: there its children
    // ran one at a time). An answer that makes them one after another, as the solution does, waits
    // out the patience once (no other thumbnail begins meanwhile).
    WorkPlaces.holdUntilAnotherIsFinished(photos[0].title, patience: CheckServices.patience)
    let model = GalleryModel()
    report.waiting("photosArrived(_:)")
    // On two threads of the check's own (see SideBySideThreads): where the machine's pool has one,
    // children made side by side there would run one at a time, in the photos' order.
    let firstBatch = await computedWhileWaiting {
        await withTaskExecutorPreference(SideBySideThreads(name: "check 20 · side by side")) {
            await model.photosArrived(photos)
        }
    }
    // The same thumbnails' CPU, made again by the check in the same process: the witness the
    // answer's CPU is weighed against (see `spareCPU` below).
    let cpuBefore = processCPUSeconds()
    let expected = photos.map { (title: $0.title, checksum: CPUWork.run(units: Thumbnail.units, seed: $0.seed)) }
    let perThumbnail = Duration.seconds(max(0, processCPUSeconds() - cpuBefore)) / count
    let made = model.thumbnails.map { (title: $0.title, checksum: $0.checksum) }
    let firstPlaces = WorkPlaces.made
    // Each once: an answer that made every thumbnail twice (a "warm-up" batch thrown away) held the
    // right model and passed, told that all 14 thumbnails of its 7 photos were made off the main actor.
    let timesMade = firstPlaces.onMainActor + firstPlaces.elsewhere
    let inOrder = made.count == expected.count && zip(made, expected).allSatisfy { $0 == $1 }
    report.expect(inOrder && timesMade == count,
                  "all \(count) thumbnails were made, once each, in order",
                  otherwise: inOrder
                      ? "the model holds the \(count) thumbnails in order, but \(timesMade) were made for \(count) photos: make each photo's thumbnail once (each is 30 ms of CPU)"
                      : made.count == expected.count && made.allSatisfy { thumbnail in expected.contains { $0 == thumbnail } }
                      ? "the model holds the \(count) thumbnails out of the photos' order (\(made.map(\.title))): keep each thumbnail at its photo's place, whenever it was made"
                      : "the model holds \(counted(made.count, "thumbnail")), not the \(count) the photos make (or not in their order)")

    // A second batch, cancelled once its first thumbnail is begun: work that runs in the task
    // that asked for it (an async call that leaves the main actor, or child tasks of it) ends
    // its thumbnails in a cancelled task; work handed to a task of its own (`Task {}`) or a
    // dispatch queue never does. Each thumbnail is 30 ms of work after it is begun.
    let more = (0..<8).map { GalleryPhoto(title: "more \($0)", seed: UInt64(CheckServices.random(in: 1...1_000_000))) }
    let second = GalleryModel()
    report.waiting("photosArrived(_:) for 8 photos, cancelled as the first thumbnail is begun")
    // Stored before the task can run (it waits for the main actor, which this check holds until
    // its next await), and cancelled from the work itself when it begins.
    let batchTask = Locked<Task<Void, Never>?>(nil)
    WorkPlaces.whenNextBegun {
        batchTask.withLock { $0 }?.cancel()
        WorkPlaces.batchCancelled()
    }
    let secondBatch = await computedWhileWaiting {
        let batch = Task { await second.photosArrived(more) }
        batchTask.withLock { $0 = batch }
        _ = await within(.seconds(10)) { await batch.value }
    }
    // Where both batches were made: an answer that made the first off the main actor and a batch of
    // 8 or more in place (no hop) passed while only the first was looked at (an audit's, helper 188).
    let places = WorkPlaces.made
    let madeInSecond = places.onMainActor + places.elsewhere - timesMade
    // CPU beyond the thumbnails' own, while the answer ran: a main actor that spins until the work is
    // done, or 4 s at most, answers the work's question before its 5 s are up, and passed (helper
    // 188's audit). Calls that await add little to the thumbnails' own CPU (at most 0.4 of it again,
    // every catalogued answer on two busy CPUs: thumbnails made side by side cost more than the
    // check's one at a time); the bound is as much again and 100 ms. A loop that ends by the clock
    // gets less CPU the busier the machine is: one of 300 or 500 ms is refused only some runs.
    let thumbnailsCPU = perThumbnail * (places.onMainActor + places.elsewhere)
    let computed = firstBatch.computed + secondBatch.computed
    let spareCPU = computed - thumbnailsCPU
    let spareAllowed = thumbnailsCPU + .milliseconds(100)
    let free = WorkPlaces.mainActorAnswered != false
    let both = "\(counted(places.onMainActor + places.elsewhere, "thumbnail")) of both batches"
    report.expect(places.onMainActor == 0 && places.elsewhere > 0 && free && spareCPU <= spareAllowed,
                  "all \(both) \(were(places.elsewhere)) made off the main actor, and the main actor answered while they were made: the UI could draw meanwhile",
                  otherwise: places.onMainActor > 0
                      ? "\(places.onMainActor) of \(both) \(were(places.onMainActor)) made on the main actor: while it works there the UI cannot draw"
                      : !free
                      ? "the thumbnails were made off the main actor, but the main actor did not answer while they were made (5 s): it waited for them (a queue.sync, a lock or a loop), and a waiting main actor cannot draw any more than a working one"
                      : "the thumbnails were made off the main actor, but while photosArrived ran the process computed \(computed.humanReadable), \(spareCPU.humanReadable) more than the \(both) take (\(thumbnailsCPU.humanReadable), made again by the check): something computed beside the work (a loop on the main actor, waiting for it or drawing by hand, holds the UI as the work would); await the work instead")
    let seen = WorkPlaces.madeWhileCancelled
    let missed = WorkPlaces.madeOutsideTheCancelledTask
    // At most once each: an answer that made a cancelled batch again (to finish it "properly") made 16
    // thumbnails for 8 photos, all in the cancelled task, and passed (helper 188's audit).
    report.expect(seen > 0 && missed == 0 && madeInSecond <= more.count,
                  "cancelling photosArrived's task reached the work: \(counted(seen, "thumbnail")) \(were(seen)) finished in the cancelled task",
                  otherwise: seen == 0
                      ? "cancelling photosArrived's task never reached the thumbnails' work: it ran in a task of its own or on a dispatch queue; call an async function that leaves the main actor (@concurrent), so the work stays in the caller's task"
                      : missed > 0
                      ? "cancelling photosArrived's task reached \(counted(seen, "thumbnail")), but \(missed) \(were(missed)) finished after it out of the task's reach (a queue, a thread or a task of their own): keep all the work in the caller's task"
                      : "cancelling photosArrived's task reached the work, but \(madeInSecond) thumbnails were made for the \(more.count) photos: a cancelled batch made again does the work twice; make each photo's thumbnail once, and stop or finish when cancelled")
}
