// Support for every exercise check: a module of its own (CheckSupport), built once with
// the lab's libraries and imported by every check. Your file is another module
// (StudentCode) that the check imports; it cannot import this one. The check's entry
// point is CheckMain.swift. You do not need to read it, but you may.
import CheckChannel
import Foundation
import LabCore
import LabScenarios

/// The verdicts, sent on the grader's private channel (see CheckChannel.h), never
/// printed: only this file's records count, and only a check that reaches its end
/// (every planned expectation, then "done") can pass.
final class CheckReport: Sendable {
    private let failures = Locked(0)

    init(planned: Int) { lab_check_record("plan", "\(planned)") }

    func pass(_ message: String) { lab_check_record("pass", message) }

    func fail(_ message: String) {
        failures.withLock { $0 += 1 }
        lab_check_record("fail", message)
    }

    func expect(_ condition: Bool, _ passed: String, otherwise failed: String) {
        condition ? pass(passed) : fail(failed)
    }

    /// Says what the check is about to await, so a hang can be explained.
    func waiting(_ what: String) { lab_check_record("waiting", what) }

    var hasFailed: Bool { failures.withLock { $0 > 0 } }
}

/// CPU time this process has used (all threads), in seconds: waiting uses none, computing does,
/// however late a busy machine runs it (01).
func processCPUSeconds() -> Double { ProcessUsage.now().cpuSeconds }

/// CPU time the calling thread has used, in seconds: on the main actor, the main actor's own work
/// (16), not the work of other threads beside it.
func threadCPUSeconds() -> Double { ProcessUsage.callingThreadCPUSeconds() }

/// Fast, repeatable services for checks: one source second is 10 ms.
enum CheckServices {
    static let scale = TimeScale(factor: 0.01)
    static var work: SimulatedWork { SimulatedWork(scale: scale) }

    static func behavior(latency: LatencyModel = .fixed(2), failures: FailureInjection = .none, seed: UInt64 = 7) -> ServiceBehavior {
        ServiceBehavior(latency: latency, failures: failures, seed: seed, scale: scale)
    }

    /// How long a `PeakHold` waits for an answer's calls to be in flight together before it lets
    /// them go: far longer than a busy machine takes to start them, and once per hold, so an answer
    /// that makes its calls one at a time is slowed by this much, never stopped.
    static let patience = Duration.seconds(2)

    /// Checks vary their inputs run to run, so a hard-coded answer fails.
    static func random(in range: ClosedRange<Int>) -> Int {
        var generator = SystemRandomNumberGenerator()
        return Int.random(in: range, using: &generator)
    }

    /// The error a failing service throws this run, with a detail drawn too: an answer that
    /// swallows the service's error (`try?`) and throws one of its own matches it by luck about
    /// once in 1,800 runs (with `.unavailable` every run, an invented `.unavailable` passed 03, 04
    /// and 06; drawn from five plain cases, it would pass one run in five).
    static func anyError() -> ServiceError {
        let detail = "code \(random(in: 100...999))"
        return random(in: 0...1) == 0 ? .badResponse(detail) : .notFound(detail)
    }
}

/// Every call a check's service saw: its key, when it started and ended. Checks use
/// it to prove *which* calls overlapped, so decoy calls cannot fake concurrency.
final class CallLog: Sendable {
    struct Call: Sendable {
        let key: String
        let start: ContinuousClock.Instant
        var end: ContinuousClock.Instant?
    }
    private let calls = Locked<[Call]>([])

    func record<T: Sendable>(_ key: String, _ body: () async throws -> T) async throws -> T {
        let index = calls.withLock { calls -> Int in
            calls.append(Call(key: key, start: .now, end: nil))
            return calls.count - 1
        }
        defer { calls.withLock { $0[index].end = .now } }
        return try await body()
    }

    /// Calls with this key prefix that started while the call `key` was in flight and after
    /// another call that was in flight with it had ended: calls that took a place a call beside
    /// `key` freed. Calls started together with `key` do not count, however far apart a busy
    /// machine started them, as long as none of them could end before the last had started (a
    /// `PeakHold` sees to that); nor does a call that ended before `key` began, so a batch that
    /// follows an earlier batch has freed no place beside its own first call.
    func startedInFreedPlaces(during key: String, startingWith prefix: String) -> Int {
        calls.withLock { calls in
            guard let window = calls.first(where: { $0.key == key }) else { return 0 }
            let chosen = calls.filter { $0.key.hasPrefix(prefix) && $0.key != key }
            guard let firstFreed = chosen.compactMap(\.end).filter({ $0 > window.start }).min() else { return 0 }
            let end = window.end ?? .now
            return chosen.filter { $0.start > firstFreed && $0.start < end }.count
        }
    }

    func keys(startingWith prefix: String) -> [String] {
        calls.withLock { $0.map(\.key).filter { $0.hasPrefix(prefix) } }
    }

    /// The most calls with this key prefix in flight at one moment.
    func maxInFlight(startingWith prefix: String) -> Int {
        let chosen = calls.withLock { $0.filter { $0.key.hasPrefix(prefix) } }
        var events: [(ContinuousClock.Instant, Int)] = []
        for call in chosen {
            events.append((call.start, 1))
            events.append((call.end ?? .now, -1))
        }
        events.sort { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }
        var current = 0, most = 0
        for (_, change) in events {
            current += change
            most = max(most, current)
        }
        return most
    }
}

/// A rover service of a check's that changes one or two calls and forwards the rest to `base`:
/// each wrapper writes only the calls it holds, counts or fails.
protocol ForwardingRovers: MarsRoverService {
    var base: any MarsRoverService { get }
}

extension ForwardingRovers {
    func allRovers() async throws -> [Rover] { try await base.allRovers() }
    func latestPhotos(rover: Rover) async throws -> [MarsPhoto] { try await base.latestPhotos(rover: rover) }
    func photoManifest(rover: Rover) async throws -> PhotoManifest { try await base.photoManifest(rover: rover) }
    func photos(rover: Rover, earthDate: String, page: Int) async throws -> [MarsPhoto] {
        try await base.photos(rover: rover, earthDate: earthDate, page: page)
    }
}

/// The Mars rover service with every call logged, listing the rovers the check chose.
struct LoggedRovers: MarsRoverService {
    let base: any MarsRoverService
    let log: CallLog
    let listed: [Rover]
    /// The pages that load slowly, by the order they are asked for (1: the first page asked for,
    /// whichever it is: a window that visits the pages in another order has it in flight from
    /// the start too). Each loads until `pagesWhileSlow` pages have taken places other pages
    /// freed (see `CallLog.startedInFreedPlaces`), or the patience runs out: a window keeps
    /// starting pages while it loads, however late a busy machine starts them; an answer that
    /// starts none (batch by batch) waits out the patience and shows what it started. Several,
    /// far apart, so that an answer cannot slide its window around the first page alone.
    var slowAsked: Set<Int> = []
    static let pagesWhileSlow = 2
    /// Each page that loaded slowly, by the order it was asked for.
    let slowedPages = Locked<[Int: Int]>([:])
    /// How many pages had been asked for when each slow page (by the order it was asked for) ended.
    let askedWhenSlowEnded = Locked<[Int: Int]>([:])
    /// How many pages have been asked for.
    private let asked = Locked(0)
    /// The order the latest-photos calls complete in, when it matters (see ArrivalGate).
    var arrivals: ArrivalGate? = nil
    /// Where the check asserts how many calls were in flight at once: each logged call waits
    /// here, counted in flight, until that many are (see PeakHold), so a correct answer reaches
    /// the peak however late a busy machine starts its calls.
    var hold: PeakHold? = nil
    /// Where given, how many pages the check asks for: the first page asked for, if slow, then
    /// also loads until all of them have been asked for, so a window that gives each of its places
    /// fixed pages up front (three lanes, an audit's answer) shows the pages held behind it. (With
    /// that page the only slow one: slow pages that hold every place between them let none be asked.)
    var pageCount: Int? = nil

    func allRovers() async throws -> [Rover] { try await log.record("rovers") { listed } }
    func latestPhotos(rover: Rover) async throws -> [MarsPhoto] {
        try await log.record("latest \(rover.name)") {
            await hold?.enter()
            let photos = try await base.latestPhotos(rover: rover)
            await arrivals?.turn(rover.name)
            return photos
        }
    }
    func photoManifest(rover: Rover) async throws -> PhotoManifest {
        try await log.record("manifest \(rover.name)") {
            await hold?.enter()
            return try await base.photoManifest(rover: rover)
        }
    }
    func photos(rover: Rover, earthDate: String, page: Int) async throws -> [MarsPhoto] {
        try await log.record("page \(page)") {
            let ordinal = asked.withLock { asked -> Int in
                asked += 1
                return asked
            }
            let slow = slowAsked.contains(ordinal)
            if slow { slowedPages.withLock { $0[ordinal] = page } }
            await hold?.enter()
            if slow {
                _ = await poll(for: CheckServices.patience) {
                    log.startedInFreedPlaces(during: "page \(page)", startingWith: "page") >= Self.pagesWhileSlow
                        && asked.withLock { $0 } >= (ordinal == 1 ? pageCount ?? 0 : 0)
                }
                askedWhenSlowEnded.withLock { $0[ordinal] = asked.withLock { $0 } }
            }
            return try await base.photos(rover: rover, earthDate: earthDate, page: page)
        }
    }
}

/// How available the main actor stayed while `body` ran on it: a heartbeat on the main
/// actor (a loop of `Task.yield()`) records a beat each time it gets the actor. The longest
/// gap between beats is the longest the UI could not have drawn.
///
/// Not a Task.sleep frame loop: on Linux a sleeping task is woken through the global
/// executor, so CPU work that fills its threads (a task group on 2 cores) would stall the
/// frames while the main actor itself was free.
struct Responsiveness {
    let worstGap: Double
    let beats: Int
    let seconds: Double

    var worstGapMilliseconds: Int { Int(worstGap * 1000) }

    @MainActor
    private final class Heart {
        var beats: [ContinuousClock.Instant] = []
        var running = true
    }

    @MainActor
    static func during(_ body: @MainActor () async -> Void) async -> Responsiveness {
        let heart = Heart()
        let beating = Task { @MainActor in
            while heart.running {
                heart.beats.append(.now)
                await Task.yield()
            }
        }
        await Task.yield()
        let start = ContinuousClock.now
        await body()
        let end = ContinuousClock.now
        heart.running = false
        await beating.value
        let during = [start] + heart.beats.filter { $0 > start && $0 < end } + [end]
        let gaps = zip(during.dropFirst(), during).map { $0.0 - $0.1 }.map(\.seconds)
        return Responsiveness(worstGap: gaps.max() ?? 0, beats: during.count - 2, seconds: (end - start).seconds)
    }
}

// MARK: - Rovers that hang until cancelled (the checks of 03 and 04)

/// Rovers whose calls take five seconds unless cancelled, counting both: cancelling the task
/// that called the student's function must reach every call it started. A call made in a
/// task of its own (`Task {}` or `Task.detached`) does not inherit the cancellation.
struct HangingRovers: MarsRoverService {
    let base: any MarsRoverService
    let listed: [Rover]
    let calls = Locked((started: 0, cancelled: 0))

    func hang<T>(_ answer: () async throws -> T) async throws -> T {
        calls.withLock { $0.started += 1 }
        // Longer than `cancelled(expected:)` waits for the calls to start (the patience): a loop's
        // first call is still hanging when that wait gives up, so it is the call cancelled.
        do { try await Task.sleep(for: .seconds(5)) } catch {
            calls.withLock { $0.cancelled += 1 }
            throw error
        }
        return try await answer()
    }

    func allRovers() async throws -> [Rover] { listed }
    func latestPhotos(rover: Rover) async throws -> [MarsPhoto] { try await hang { try await base.latestPhotos(rover: rover) } }
    func photoManifest(rover: Rover) async throws -> PhotoManifest { try await hang { try await base.photoManifest(rover: rover) } }
    func photos(rover: Rover, earthDate: String, page: Int) async throws -> [MarsPhoto] {
        try await base.photos(rover: rover, earthDate: earthDate, page: page)
    }

    /// Starts `call` in a task, waits until `expected` calls are in flight, cancels the task and
    /// gives the calls time to see it. The started and cancelled counts. Each wait ends as soon as
    /// its count is reached; its limit (`CheckServices.patience`) is only for an answer that never
    /// gets there, and far longer than a busy machine takes to start or cancel a call.
    func cancelled(expected: Int, _ call: @escaping @Sendable () async throws -> Void) async -> (started: Int, cancelled: Int) {
        let task = Task { try await call() }
        _ = await poll(for: CheckServices.patience) { calls.withLock { $0.started >= expected } }
        task.cancel()
        _ = await poll(for: CheckServices.patience) { calls.withLock { $0.cancelled >= $0.started } }
        // And the call itself over, so that nothing of it wakes while a later round watches (its
        // group's parent is woken as each cancelled child ends).
        _ = await within(CheckServices.patience) { _ = await task.result }
        return calls.withLock { $0 }
    }
}

/// One of the answer's requests fails (`failing` says which, "Spirit's request"): its error must
/// reach the caller, as it did when the requests were made one after the other. `returned`
/// describes what came back instead, if anything did.
func expectTheFailureReachesTheCaller<T>(
    _ report: CheckReport, when failing: String, failsWith expected: ServiceError, in function: String,
    returned: (T) -> String, isolation: isolated (any Actor)? = #isolation, _ call: () async throws -> T
) async {
    do {
        let result = try await call()
        report.fail("with \(failing) failing, \(function) returned \(returned(result)): let the error reach the caller (try, not try?)")
    } catch {
        report.expect(
            error as? ServiceError == expected, "when \(failing) failed, its error (\(expected)) reached the caller",
            otherwise: "when \(failing) failed with \"\(expected)\", \(function) threw \"\(error)\" instead: let the service's own error reach the caller")
    }
}

/// The first of `body` and `limit` (real time): nil when the limit came first. The body is
/// left running: an answer that never returns cannot hold the check past its limit.
func within<T: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () async -> T) async -> T? {
    let (stream, continuation) = AsyncStream<T?>.makeStream()
    let work = Task { continuation.yield(await body()) }
    let timer = Task {
        try? await Task.sleep(for: limit)
        continuation.yield(nil)
    }
    var iterator = stream.makeAsyncIterator()
    let first = await iterator.next() ?? nil
    timer.cancel()
    _ = work
    return first
}

/// Whether `condition` became true within `limit`, looking every few milliseconds.
func poll(for limit: Duration, _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while !condition() {
        if ContinuousClock.now >= deadline { return false }
        try? await Task.sleep(for: .milliseconds(3))
    }
    return true
}

/// Calls that complete in a chosen order, whatever the machine does: a call's answer is held
/// until every call before it in `order` has completed and 20 ms more have passed, so that an
/// answer which keeps the order the calls *finished* in is caught on every run, not only when
/// the timings happen to differ. A call waits at most 300 ms for the ones before it: an answer
/// that makes its calls one at a time is slowed, never stopped.
actor ArrivalGate {
    private let order: [String]
    private var completed: [String: ContinuousClock.Instant] = [:]

    init(order: [String]) { self.order = order }

    /// Suspends until `key`'s turn (see above), then marks it completed.
    func turn(_ key: String) async {
        let deadline = ContinuousClock.now + .milliseconds(300)
        while let index = order.firstIndex(of: key), ContinuousClock.now < deadline {
            let before = order[..<index]
            let last = before.compactMap { completed[$0] }.max()
            if before.allSatisfy({ completed[$0] != nil }), let last, ContinuousClock.now >= last + .milliseconds(20) {
                break
            }
            if index == 0 { break }
            try? await Task.sleep(for: .milliseconds(2))
        }
        completed[key] = ContinuousClock.now
    }
}

/// How often a model's property was read, counted by the model itself (its given code reports each
/// read to the closure the check made it with): a display that waits for a change reads nothing
/// while nothing changes; one that polls reads over and over.
@MainActor
final class ReadCount {
    private(set) var count = 0

    func record() { count += 1 }

    /// The reads while the check waits `quiet`, changing nothing.
    func during(_ quiet: Duration) async -> Int {
        let before = count
        try? await Task.sleep(for: quiet)
        return count - before
    }
}

/// Three changes, each in a step of its own, close together, that a display must show one by one
/// (30's display, 31's face): 40 ms apart by the clock (each made at its moment, so a late wake
/// does not push the next one later), so they span under 95 ms. A display that waits 100 ms before
/// it reads (a debounce) merges them; one that shows at most once per 100 ms (a throttle) loses
/// the middle one; a fair one re-registers within a hop or two of each. A try whose changes a busy
/// machine spread over 95 ms or more tells nothing of a throttle (at 80 ms apart, the catalogued
/// one showed all three), and a try that lost one may be a busy machine's doing: up to five tries,
/// decided by the first that spans under 95 ms and shows each, or by the third that loses one.
/// `told` is false when no try spanned under 95 ms, all showing each.
@MainActor
func separateSteps<Value: Equatable & Sendable>(
    change: () -> Value, shown: () async -> [Value]
) async -> (set: [Value], shown: [Value], span: Duration, told: Bool) {
    let gap = Duration.milliseconds(40)
    var losses: [(set: [Value], shown: [Value], span: Duration)] = []
    var spread: (set: [Value], shown: [Value], span: Duration)?
    for _ in 0..<5 {
        var set: [Value] = []
        let first = ContinuousClock.now
        var last = first
        for step in 0..<3 {
            if step > 0 { try? await Task.sleep(until: first + gap * step) }
            last = .now
            set.append(change())
        }
        let span = first.duration(to: last)
        let seen = await shown()
        if seen != set {
            losses.append((set, seen, span))
            if losses.count == 3 { break }
        } else if span < .milliseconds(95) {
            return (set, seen, span, true)
        } else if spread.map({ span < $0.span }) ?? true {
            spread = (set, seen, span)
        }
    }
    if let lost = losses.last { return (lost.set, lost.shown, lost.span, true) }
    let closest = spread ?? ([], [], .zero)
    return (closest.set, closest.shown, closest.span, false)
}

/// Why changes made in separate steps, close together (see separateSteps), were not each
/// shown by a `viewer` (30's display, 31's face): by what it showed, the advice for a debounce,
/// a throttle or anything else. `lastOnly` names what a debounce showed; `otherwise` ends the
/// advice for the rest.
func separateStepsProblem<Value: Equatable & CustomStringConvertible>(
    set: [Value], shown: [Value], viewer: String, lastOnly: String, otherwise: String
) -> String {
    let lost = set.filter { !shown.contains($0) }.map(\.description).joined(separator: " and ")
    if shown.isEmpty { return "nothing was shown: register again after each change" }
    if shown == Array(set.suffix(1)) {
        return "\(lastOnly) was shown (three tries): \(lost) lost. A \(viewer) that waits before it reads merges separate changes; read and register again as soon as each change comes"
    }
    if shown.allSatisfy(set.contains) && shown.count < set.count {
        return "only \(shown) were shown (three tries): \(lost) lost. A \(viewer) that shows at most once in a while drops the changes between; read and register again as soon as each change comes"
    }
    return "showed \(shown): \(otherwise)"
}

/// Wake-ups on the shared pool of threads (see CheckChannel.h): what a check reads to see a task
/// woken where no watch of its own runs, such as an unstructured task's timers. The check's own
/// task (the one that started the watch) is left out.
enum PoolWakes {
    /// Starts the watch (once per process); false where this runtime cannot be watched.
    static func watch() -> Bool { lab_check_pool_watch() == 0 }

    /// The answer's tasks woken on the pool since the last mark: not as they start, hop of
    /// themselves or are sent a message by a task of the program's (see CheckChannel.c), counting
    /// afresh from now.
    static func mark() -> Int { Int(lab_check_pool_mark()) }

    /// Counts the calling task from its first wake on the pool: a task the check starts to run the
    /// answer's code in does not begin with a hop there, and a main-actor loop in it that slept once
    /// inside a hold, then looked, was forgiven that wake as a first sighting.
    static func countFromTheFirstWake() { lab_check_pool_seen_current() }
}

/// The tasks a piece of synchronous code starts, counted by the runtime's own hooks: each job the
/// calling thread hands the pool or the main actor's executor while `body` runs is a task it
/// started (synchronous code wakes no task of its own). A task started by a task that began
/// meanwhile, on another thread, is that task's, not `body`'s.
enum TaskStarts {
    /// `body`'s result and how many tasks it started; nil where the hooks are not found.
    static func counting<T>(_ body: () -> T) -> (result: T, started: Int?) {
        let watched = lab_check_starts_begin() == 0
        let result = body()
        let started = Int(lab_check_starts_end())
        return (result, watched ? started : nil)
    }
}

/// The unstructured tasks the program creates, on any thread (see CheckChannel.h): each
/// `Task {}`, detached task and `Task.immediate`, whoever creates it and whenever, so a task
/// started later from inside another is counted too. A group's child or `async let`'s is not:
/// its parent awaits it.
enum TasksCreated {
    /// Whether creations reach the count here: the check creates one task and looks. Call it
    /// before the moment to be counted.
    static func watch() -> Bool {
        let before = lab_check_tasks_created()
        _ = Task<Void, Never> {}
        return lab_check_tasks_created() > before
    }

    /// Every task created so far.
    static var count: Int { Int(lab_check_tasks_created()) }
}

/// Tasks begun by code other than the check's own task (see CheckChannel.h): a chain of tasks,
/// each looking once and starting the next, wakes nothing, but begins task after task.
enum TasksBegun {
    static var count: Int { Int(lab_check_tasks_begun()) }
}

/// Runs one task's jobs on a serial queue of its own and counts what woke the task up, so a
/// check can tell an answer that waits for an event from one that polls, by structure rather
/// than by timing. Given as the task's executor preference (SE-0417, `Task(executorPreference:)`),
/// it runs the task's nonisolated code and the default actors the task enters while free.
/// A wake-up that the task asks for (a hop, its return from the main actor or another actor, a
/// `Task.yield()`), or that a task of the program's sends it (a worker's reply), is `fromItself`;
/// any other is `fromOutside`: the task's start, a timer its sleep set, a task it awaited
/// finishing, a continuation resumed. A task that awaits an event is woken from outside once,
/// by the event; one that sleeps and looks again, once per look.
final class WakeWatch: TaskExecutor {
    struct Wakes: Equatable, Sendable {
        var fromItself = 0
        var fromOutside = 0
    }
    private struct State: Sendable {
        /// The thread running one of this executor's jobs (jobs run one at a time), if any.
        var running: ObjectIdentifier?
        var wakes = Wakes()
        /// The check waiting until the task is stirred past `since` or its time is up (`wait`): it
        /// is ended with the counts of that moment.
        var waiter: (since: Wakes, end: @Sendable (Wakes) -> Void)?
    }
    private let queue = DispatchQueue(label: "lab.check.wake-watch")
    private let state = Locked(State())

    /// Stirred past `since` as `Stirrings` judges it: woken from outside once, or by itself more
    /// than a few times.
    private static func stirred(_ wakes: Wakes, since: Wakes) -> Bool {
        wakes.fromOutside > since.fromOutside || wakes.fromItself - since.fromItself > 4
    }

    /// Suspends for `duration`, or until the task is stirred past `since`, whichever comes first,
    /// and returns the counts of that moment with `extra`, read then too: an answer caught looking
    /// again need not spin on for the rest of the hold (one that yielded in a loop burned both
    /// CPUs for it), and an event the check lets go just after the hold (17's handler, 30 ms
    /// later) is not counted however late the check's own task gets a thread again. Ended from a
    /// Dispatch thread or from the wake itself, never by a task of the check's, which the pool's
    /// watch would count.
    func wait<Extra: Sendable>(
        atMost duration: Duration, since: Wakes, alsoReading extra: @escaping @Sendable () -> Extra
    ) async -> (wakes: Wakes, extra: Extra) {
        await withCheckedContinuation { continuation in
            let end: @Sendable (Wakes) -> Void = { wakes in continuation.resume(returning: (wakes, extra())) }
            let stirredAlready = state.withLock { state -> Wakes? in
                if Self.stirred(state.wakes, since: since) { return state.wakes }
                state.waiter = (since, end)
                return nil
            }
            if let stirredAlready { return end(stirredAlready) }
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(duration.seconds * 1e9))) {
                let ending = self.state.withLock { state -> (Wakes, @Sendable (Wakes) -> Void)? in
                    defer { state.waiter = nil }
                    return state.waiter.map { (state.wakes, $0.end) }
                }
                if let (wakes, end) = ending { end(wakes) }
            }
        }
    }

    var wakes: Wakes { state.withLock { $0.wakes } }

    func enqueue(_ job: consuming ExecutorJob) {
        // Thread.current in a synchronous function: the thread this enqueue is made on.
        let caller = ObjectIdentifier(Thread.current)
        let job = UnownedJob(job)
        // The task hopping back of itself (from the main actor, say: see lab_check_hopping_task).
        // A task is its own job, and UnownedJob is that one pointer: the bit cast reads it.
        let hoppingBack = lab_check_hopping_task() == unsafeBitCast(job, to: UnsafeRawPointer.self)
        // Or sent a message by a task of the program's (a worker's reply to a request the task made):
        // what woke that task, if it is a timer or a callback, is counted where it happened.
        let sent = !hoppingBack && lab_check_sent_by_the_program() != 0
        let ending = state.withLock { state -> (Wakes, @Sendable (Wakes) -> Void)? in
            if state.running == caller || hoppingBack || sent {
                state.wakes.fromItself += 1
            } else {
                state.wakes.fromOutside += 1
            }
            guard let waiter = state.waiter, Self.stirred(state.wakes, since: waiter.since) else { return nil }
            state.waiter = nil
            return (state.wakes, waiter.end)
        }
        if let (wakes, end) = ending { end(wakes) }
        queue.async {
            self.state.withLock { $0.running = ObjectIdentifier(Thread.current) }
            job.runSynchronously(on: self.asUnownedTaskExecutor())
            self.state.withLock { $0.running = nil }
        }
    }
}

/// What woke an answer's task while the check held still, the one measure of waiting against
/// polling that the checks share: a timer or another task (`timers`), the task's own jobs over
/// and over (`spins`), tasks of the answer's own woken again on the pool (`pooled`, see
/// PoolWakes). A task that awaits an event is woken by none of them while the event is held.
struct Stirrings: Sendable {
    var timers = 0
    var spins = 0
    var pooled = 0
    /// Tasks the answer's code began meanwhile (see TasksBegun): a few as it starts (an immediate
    /// task, a task on the main actor), not a chain of them.
    var begun = 0
    /// The CPU the process used meanwhile, and how long the hold lasted: code that waits uses next
    /// to none (the check's own waits are Dispatch timers); a loop that looks again and again uses
    /// what it gets, a CPU's worth on an idle machine, a third of one beside two busy processes.
    var cpu: Duration = .zero
    var lasted: Duration = .zero

    /// More CPU than a tenth of the hold is a loop's.
    var computed: Bool { cpu > .milliseconds(10) && cpu * 10 > lasted }

    /// A few of its own are hops onto an actor and back (one, measured in exercise 24).
    var stillWaiting: Bool { whatStirred == nil }

    /// More tasks than this begun while it waits is a chain of them.
    static let tasksBegunAsItStarts = 4

    /// What stirred it, in a few words, for a check that words its own advice; nil when still
    /// (a few spins of its own are allowed, see above).
    var whatStirred: String? {
        if timers > 0 { return "it was woken \(timers) time(s) from outside it (a timer, or code on another actor or thread)" }
        if spins > 4 { return "it ran \(spins) times (Task.yield() in a loop, or another task of yours waking it again and again?)" }
        if pooled > 0 { return "tasks of your code were woken \(pooled) time(s) on the thread pool" }
        if begun > Self.tasksBegunAsItStarts { return "your code began \(begun) tasks" }
        if computed { return "your code used \(cpu.humanReadable) of CPU" }
        return nil
    }

    /// Why it was not still while `what` was going, for the student; nil when it was.
    func problem(while what: String, awaiting: String) -> String? {
        if timers > 0 {
            // "Outside": a timer the task set, or a job another actor or thread handed it. Which one
            // the watch cannot tell (a Task.yield() loop on the main actor hands it thousands).
            return "while \(what), the task was woken \(timers) time(s) from outside it: by a timer (it slept, then looked) or by code on another actor or thread (a loop there?); await \(awaiting), which nothing wakes early"
        }
        if spins > 4 {
            return "while \(what), the task ran \(spins) times (Task.yield() in a loop, or another task of yours waking it again and again?): await \(awaiting)"
        }
        if pooled > 0 {
            return "while \(what), tasks of your code were woken \(pooled) time(s) on the thread pool (a task of its own that sleeps and looks again, or yields in a loop?): await \(awaiting), which nothing wakes early"
        }
        if begun > Self.tasksBegunAsItStarts {
            return "while \(what), your code began \(begun) tasks (a chain of tasks, each looking once and starting the next?): await \(awaiting), which nothing wakes early"
        }
        if computed {
            return "while \(what), your code used \(cpu.humanReadable) of CPU in \(lasted.humanReadable) (a loop that looks again and again?): await \(awaiting), which costs nothing while it waits"
        }
        return nil
    }
}

/// Runs an answer's code in a task on a `WakeWatch` and holds still for a while, counting what
/// stirred it (see Stirrings). Start it from the check's own task (the pool watch leaves that
/// task out), once per check: `StillnessWatch()` calibrates what the check's own sleep costs.
final class StillnessWatch: Sendable {
    /// Whether the pool is watched here (the runtime's hook found): else `pooled` stays 0.
    let poolWatched: Bool
    /// The pool's wake-ups while nothing but the check's own sleep went on (none on Linux, where
    /// the check's task is left out; a runtime may wake a sleep through a job of its own).
    private let ownWakes: Int

    init() async {
        poolWatched = PoolWakes.watch()
        _ = PoolWakes.mark()
        try? await Task.sleep(for: .milliseconds(20))
        ownWakes = PoolWakes.mark()
    }

    /// What stirred the answer's code while the check runs `body` (its own quiet wait, nothing
    /// changing): its tasks woken again on the pool, on whichever actor (a main-actor task's sleeps
    /// wake through the pool on Linux; always 0 where the pool is not watched), the tasks it began
    /// (a chain of main-actor tasks, each looking once, reaches no pool), the CPU it used. Code that
    /// waits for an event does none of these; code that looks again and again, one at least.
    func stirrings<T>(isolation: isolated (any Actor)? = #isolation, during body: () async -> T) async -> (
        result: T, stirrings: Stirrings
    ) {
        _ = PoolWakes.mark()
        let begunBefore = TasksBegun.count
        let (cpuBefore, from) = (Self.processCPU(), ContinuousClock.now)
        let result = await body()
        let pooled = poolWatched ? max(0, PoolWakes.mark() - ownWakes) : 0
        return (
            result,
            Stirrings(
                pooled: pooled, begun: TasksBegun.count - begunBefore, cpu: Self.processCPU() - cpuBefore,
                lasted: from.duration(to: .now))
        )
    }

    /// The CPU the process has used: what the answer's code computed while it should have waited
    /// (a loop that hops onto an actor and back on one thread reaches no queue).
    private static func processCPU() -> Duration { .seconds(processCPUSeconds()) }

    /// Starts `operation` on a watch, holds still for `hold` (the check's event withheld meanwhile),
    /// and returns its task with what stirred it. The hold ends early once the task was woken
    /// from outside or ran by itself more than a few times (the verdict is known then), unless
    /// `endingWhenStirred` is false: a check that also judges what the answer did during the
    /// whole hold (24: an answer that guessed while the rendering was still going).
    func hold<T: Sendable>(
        _ hold: Duration, endingWhenStirred: Bool = true, _ operation: @escaping @Sendable () async -> T
    ) async -> (task: Task<T, Never>, stirrings: Stirrings) {
        await self.hold(hold, from: nil, endingWhenStirred: endingWhenStirred, operation)
    }

    /// As `hold(_:_:)`, counting from the moment `ready` opens instead of from the start: for a
    /// wait that comes after work of the answer's own that wakes it (22: the thumbnails load, then
    /// the cache write is awaited). If the operation ends first, the count starts as it ends.
    func hold<T: Sendable>(
        _ hold: Duration, from ready: Gate?, endingWhenStirred: Bool = true,
        _ operation: @escaping @Sendable () async -> T
    ) async -> (task: Task<T, Never>, stirrings: Stirrings) {
        let watch = WakeWatch()
        // From before the answer starts: every task the program makes counts from its first wake.
        _ = PoolWakes.mark()
        var begunBefore = TasksBegun.count
        let task = Task(executorPreference: watch) {
            PoolWakes.countFromTheFirstWake()
            let result = await operation()
            ready?.open()
            return result
        }
        if let ready {
            await ready.wait()
            // Afresh from here: the answer's work before the wait woke its tasks.
            _ = PoolWakes.mark()
            begunBefore = TasksBegun.count
        }
        let started = watch.wakes
        let (cpuBefore, from) = (Self.processCPU(), ContinuousClock.now)
        let meanwhile: WakeWatch.Wakes
        let pooled: Int
        let begun: Int
        let cpu: Duration
        let lasted: Duration
        if endingWhenStirred {
            // No sleep of the check's own in this wait: nothing of its own to take off the pool's count.
            let watched = poolWatched
            (meanwhile, (pooled, begun, cpu, lasted)) = await watch.wait(atMost: hold, since: started) {
                (watched ? PoolWakes.mark() : 0, TasksBegun.count, Self.processCPU() - cpuBefore, from.duration(to: .now))
            }
        } else {
            try? await Task.sleep(for: hold)
            meanwhile = watch.wakes
            pooled = poolWatched ? max(0, PoolWakes.mark() - ownWakes) : 0
            begun = TasksBegun.count
            (cpu, lasted) = (Self.processCPU() - cpuBefore, from.duration(to: .now))
        }
        return (
            task,
            Stirrings(
                timers: meanwhile.fromOutside - started.fromOutside, spins: meanwhile.fromItself - started.fromItself,
                pooled: pooled, begun: begun - begunBefore, cpu: cpu, lasted: lasted)
        )
    }
}

/// Whether a call that waits on a store's completion handler waits for it (17, 18): twice, the
/// watch holds still 200 ms and then 550 ms while the store works, and the handler comes 30 ms
/// after each hold ends. A caller that waits is woken by nothing and returns as the handler
/// comes; one that sleeps P ms and looks again wakes inside a hold (P < 550) or returns 250 ms or
/// more after the handler (P ≥ 480), as 13 judges its cache. Nil when it waited, else the problem;
/// `wrong` judges each round's result (nil: right).
func handlerWaitProblem<T: Sendable>(
    _ still: StillnessWatch, while what: String, awaiting: String,
    store makeStore: (ServiceBehavior) async -> CaffeineHealthStore,
    call: @escaping @Sendable (CaffeineHealthStore) async -> T,
    wrong: (T) -> String?
) async -> String? {
    for hold in [Duration.milliseconds(200), .milliseconds(550)] {
        let latency = hold + .milliseconds(30)
        let store = await makeStore(
            CheckServices.behavior(latency: .fixed(CheckServices.scale.sourceSeconds(of: latency))))
        let start = ContinuousClock.now
        let (task, stirrings) = await still.hold(hold) { (await call(store), ContinuousClock.now) }
        if let problem = stirrings.problem(while: "\(what) (in a hold of \(hold.humanReadable))", awaiting: awaiting) {
            return problem
        }
        guard let (result, returned) = await within(.seconds(3), { await task.value }) else {
            return "the call did not return within 3 s of the store's answer"
        }
        if let problem = wrong(result) { return problem }
        let late = returned - (start + latency)
        if late >= .milliseconds(250) {
            return "it returned \(late.humanReadable) after the completion handler was called: it slept, then looked; await \(awaiting)"
        }
    }
    return nil
}

/// A door the check opens once: every task that waits at it suspends until then, and one that
/// comes later goes straight through. "Still going" becomes a moment the check chooses.
final class Gate: Sendable {
    private let state = Locked((open: false, waiting: [CheckedContinuation<Void, Never>]()))

    func wait() async {
        await withCheckedContinuation { continuation in
            let through = state.withLock { state -> Bool in
                if state.open { return true }
                state.waiting.append(continuation)
                return false
            }
            if through { continuation.resume() }
        }
    }

    func open() {
        let waiting = state.withLock { state in
            state.open = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}

/// HAZARD, on purpose: holds the main actor for `duration`, as a UI stuck in work holds it, and
/// says whether `changed` became true meanwhile. Nothing isolated to the main actor can run
/// during the hold, so state that changes then was changed somewhere else (15). The hold is the
/// probe: it keeps the main thread on purpose, yielding the CPU between looks so that code
/// elsewhere runs at once, even on one CPU beside a busy process.
@MainActor
func changesWhileTheMainActorIsHeld(for duration: Duration, _ changed: () -> Bool) -> Bool {
    let end = ContinuousClock.now + duration
    while ContinuousClock.now < end {
        if changed() { return true }
        sched_yield()
    }
    return changed()
}

/// A backend whose reply the check lets go (`reply`), and which says when it was asked
/// (`asked`): what the answer does with the reply can then be watched from its first moment.
struct HeldTransport: Transport {
    let inner: any Transport
    let asked = Gate()
    let reply = Gate()

    func data(for request: ServiceRequest) async throws -> Data {
        let data = try await inner.data(for: request)
        asked.open()
        await reply.wait()
        return data
    }
}
