import Dispatch
import LabCore

// Given: compiled into your module (StudentCode) beside your file, in the same mode.
/// A photo's fingerprint. Hashing one is CPU work (10 ms here); it is declared
/// nonisolated, so any code may use it. Each hash records where it ran.
nonisolated struct Fingerprint: Hashable, Sendable {
    let seed: UInt64

    static let units = CPUWork.units(for: .milliseconds(10))

    /// A coarse hash, as hashes may be: fingerprints whose seeds share a thousand hash alike,
    /// and `==` tells them apart.
    func hash(into hasher: inout Hasher) {
        let cpuBefore = ProcessUsage.callingThreadCPUSeconds()
        hasher.combine(CPUWork.run(units: Fingerprint.units, seed: seed / 1000))
        WorkPlaces.record(cpu: ProcessUsage.callingThreadCPUSeconds() - cpuBefore)
    }
}

/// Where the hashing ran. Why not a heartbeat on the main actor: on Linux the main actor is
/// served by dispatch's worker threads, so CPU work that fills the pool delays a heartbeat
/// wherever the work runs. Asking the main queue (the main actor's executor, on Linux and on
/// macOS) "is this you?" depends on where the work ran, not on the machine.
nonisolated enum WorkPlaces {
    fileprivate static let mainQueue = DispatchSpecificKey<Bool>()
    fileprivate static let counts = Locked((onMainActor: 0, elsewhere: 0, cpuSeconds: 0.0))

    /// The check calls this first, on the main actor.
    static func install() { DispatchQueue.main.setSpecific(key: mainQueue, value: true) }

    fileprivate static func record(cpu: Double) {
        let onMain = DispatchQueue.getSpecific(key: mainQueue) == true
        counts.withLock {
            if onMain { $0.onMainActor += 1 } else { $0.elsewhere += 1 }
            $0.cpuSeconds += cpu
        }
    }

    static var hashed: (onMainActor: Int, elsewhere: Int, cpuSeconds: Double) { counts.withLock { $0 } }

}

// MARK: - The check
import LabCore
@testable import StudentCode

let plannedExpectations = 4

/// The photos the check sends: a few distinct ones, then copies. Titles and fingerprints do
/// not agree: two different pictures may share a title, and one picture may come under two
/// titles, so removing duplicates by title alone (or by fingerprint alone) keeps or drops the wrong ones.
func photosWithDuplicates() -> [(title: String, seed: UInt64)] {
    func seed() -> UInt64 { UInt64(CheckServices.random(in: 1...1_000_000)) }
    var distinct = (0..<CheckServices.random(in: 6...8)).map { (title: "photo \($0)", seed: seed()) }
    let shared = distinct[CheckServices.random(in: 0...(distinct.count - 1))]
    distinct.append((title: shared.title, seed: seed()))  // another picture under a title already seen
    // And one more under that title whose fingerprint hashes like the first's (same thousand),
    // yet is another: a photo is its title and its fingerprint, not their hashes.
    let sameHash = shared.seed / 1000 * 1000 + (shared.seed % 1000 + UInt64(CheckServices.random(in: 1...999))) % 1000
    distinct.append((title: shared.title, seed: sameHash))
    let renamed = distinct[CheckServices.random(in: 0...(distinct.count - 1))]
    distinct.append((title: "photo \(distinct.count)", seed: renamed.seed))  // a picture already seen, under a new title
    distinct.shuffle()
    return distinct + (0..<5).map { _ in distinct[CheckServices.random(in: 0...(distinct.count - 1))] }
}

@MainActor
func runCheck(_ report: CheckReport) async {
    WorkPlaces.install()
    let sent = photosWithDuplicates()
    var expected: [String] = []
    for photo in sent where !expected.contains("\(photo.title) #\(photo.seed)") { expected.append("\(photo.title) #\(photo.seed)") }
    let photos = sent.map { Photo(title: $0.title, fingerprint: Fingerprint(seed: $0.seed)) }
    // Photo's == asked first, about the distinct photos (no hashing: == hashes nothing). Two that
    // it calls one, yet hash apart, break Hashable's law, and a Set of them keeps both or traps
    // ("Duplicate elements of type 'Photo'") as the process's random hash seed places them: a
    // catalogued == of titles alone was told either, run to run. Asked here, it is told one thing.
    let distinct = expected.count
    var firsts: [Photo] = []
    for photo in photos where !firsts.contains(where: { $0.title == photo.title && $0.fingerprint.seed == photo.fingerprint.seed }) {
        firsts.append(photo)
    }
    for (index, one) in firsts.enumerated() {
        for other in firsts[(index + 1)...] where one == other {
            report.fail("Photo's == calls two distinct photos one (\(one.title) #\(one.fingerprint.seed) and \(other.title) #\(other.fingerprint.seed)), so a Set of the \(distinct) keeps fewer, or traps where their hashes differ: a photo is its title and its fingerprint, and == must compare both (as the synthesized conformance does)")
            return
        }
    }
    // Watched to its end (see StillnessWatch.watchToTheEnd), and the main actor's thread read on it
    // from the call to its return (see ThreadActivity): what the main actor did while the work was
    // off it, however the code is spelled.
    let still = await StillnessWatch()
    report.waiting("uniquePhotos(_:)")
    let cpuBefore = processCPUSeconds()
    let ((kept, mainThread), watched) = await still.watchToTheEnd { @MainActor in
        let reading = ThreadActivity.ThreadActivityReading()
        let kept = await uniquePhotos(photos).map { "\($0.title) #\($0.fingerprint.seed)" }
        return (kept, reading.activity())
    }
    let cpuDuring = processCPUSeconds() - cpuBefore
    // A child task the answer begins runs twice on the watch (`Stirrings.spinsAllowed`): an async
    // let, a group of one child and two async lets over the halves were told they yielded in a loop.
    report.expect(kept == expected, "the \(photos.count) photos came back as their \(expected.count) distinct ones (title and fingerprint), in order",
                  otherwise: kept.count == expected.count && Set(kept) == Set(expected)
                      // The right photos out of order: a Set's order, or the last copy of each kept.
                      ? "the \(expected.count) distinct photos came back, but not in the order sent (\(expected.joined(separator: ", "))), got \(kept.joined(separator: ", ")): keep each photo's first copy, where it was"
                      : "expected \(expected.count) distinct photos (a photo is its title and its fingerprint: \(expected.joined(separator: ", "))), got \(kept.count): \(kept.joined(separator: ", "))")
    let places = WorkPlaces.hashed
    // Every photo's fingerprint hashed, not one: removing duplicates through Hashable hashes each
    // photo at least once (an audit's answer hashed one off the main actor and compared strings).
    report.expect(places.onMainActor == 0 && places.elsewhere >= photos.count,
                  "all \(places.elsewhere) fingerprints were hashed off the main actor",
                  otherwise: places.onMainActor == 0
                      ? "\(counted(places.elsewhere, "fingerprint")) \(were(places.elsewhere)) hashed for \(photos.count) photos: remove the duplicates through Photo's Hashable conformance (a Set), hashing every photo's fingerprint as the synthesized conformance does"
                      : "\(places.onMainActor) of \(places.onMainActor + places.elsewhere) fingerprints \(were(places.onMainActor)) hashed on the main actor: while it hashes there the UI cannot draw")
    // What the main actor did while the fingerprints were hashed off it. Awaiting the removal, it
    // sleeps, and the removal's end wakes it once. Looking for the result again and again wakes it
    // at every look, whatever the pause between looks is called: audits refused the names `sleep`,
    // `yield`, `Dispatch*`, `SimulatedWork` and `LabScenarios` one at a time, and a 1 ms Timer of
    // the main run loop resuming a continuation, or a task group racing the look against one,
    // still passed (a few ms of CPU: 386 wakes of the main actor's thread in 303 ms, against one for
    // every correct answer, quietly and on one CPU). A loop that does not pause wants a CPU the
    // whole time. The kernel's count of the thread's wakes (Linux) sees every pause, a blocking one
    // too; where it does not say (macOS), the watch sees a sleep's timer or a loop of hops on the
    // main actor's task. A main actor blocked on a lock once is neither: the Mutex names stay refused.
    // An answer may await once per photo (an actor that keeps the photos seen): up to twice per
    // photo, and a few besides, is still awaiting. Where the kernel does not count the thread's
    // wakes (macOS), the watch counts the callbacks and task ends that woke the calling task: a
    // timer's callback that resumes a continuation at every look is one each (two catalogued
    // pollers passed a run without the kernel's figures).
    let events = photos.count
    // A task begun for each photo, as for each await: a group that hashes every photo in a child
    // of its own runs in the calling task (uniquePhotos is @concurrent) and is woken by each
    // child's end, awaiting them all (an audit's, told it ran 19 times and looked again and again).
    var stirrings = watched
    stirrings.tasksAllowed = max(Stirrings.tasksBegunAsItStarts, events)
    // Both types written out: inferred, these two chains of `map` and `??` took 370 ms of this
    // check's 580 ms compile, which every answer with a module of its own pays (session 54).
    let restless: String? = mainThread?.restless(events: events).map { "the main actor \($0)" }
        ?? stirrings.whatStirred.map { "the task that called uniquePhotos was not still: \($0)" }
        ?? (stirrings.byAnEnd > 2 * events + ThreadActivity.wakesOfAWait
            ? "the task that called uniquePhotos was woken \(counted(stirrings.byAnEnd, "time")) by callbacks or tasks that ended, for \(counted(events, "photo"))"
            : nil)
    let threadFigures: String = mainThread.map { activity in
        activity.wakes.map { "its thread woke \($0 == 1 ? "once" : counted($0, "time")) in \(activity.lasted.humanReadable) and used \(activity.cpu.humanReadable) of CPU" }
            ?? "its thread used \(activity.cpu.humanReadable) of CPU in \(activity.lasted.humanReadable), and no timer or loop woke the task that called it"
    } ?? "no timer or loop woke the task that called it (its thread's figures were not read: it changed threads)"
    // An answer that hashed nothing (the line above says so) still had the main actor wait or not.
    let during = places.elsewhere > 0 ? "while the fingerprints were hashed off the main actor" : "while uniquePhotos ran"
    if places.onMainActor > 0 {
        // Its thread's CPU and wakes are then the hashing's own, which the line above words.
        report.fail("the main actor was not free while the fingerprints were hashed: it hashed \(places.onMainActor) of them itself")
    } else {
        report.expect(restless == nil, "\(during), the main actor waited: \(threadFigures)",
                      otherwise: "\(during), \(restless ?? ""): it looked for the result again and again instead of awaiting it (a pause between looks, a sleep, a timer, a task or a queue, still wakes it at every look); await the removal's result, which wakes the main actor once, when it is there")
    }
    // What the process computed besides the hashing (each hash's own CPU is counted where it
    // ran): an answer that awaits the work computes almost nothing else, one whose main actor
    // spins or polls for the result computes all the while the hashing runs (an audit's answers:
    // a spin on a Mutex, a loop of `Task.yield()`). CPU time, not wall time, so a busy machine
    // or one CPU delays both sides alike.
    let besides = max(0, cpuDuring - places.cpuSeconds)
    let limit = max(0.06, places.cpuSeconds / 2)
    let ms = { (seconds: Double) in Int((seconds * 1000).rounded()) }
    report.expect(besides <= limit,
                  "awaiting the removal cost \(ms(besides)) ms of CPU besides the \(ms(places.cpuSeconds)) ms of hashing",
                  otherwise: "while the fingerprints were hashed (\(ms(places.cpuSeconds)) ms of CPU), the process computed \(ms(besides)) ms more: something watched for the result (a loop that polls or spins) instead of awaiting it")
}
