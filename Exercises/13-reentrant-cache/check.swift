import Foundation
import LabScenarios

// MARK: - The answer's face
/// What the check calls of the answer: it is compiled once for every answer, against this
/// (see `AnswerFace` in the lab's grader), and reaches the answer only through `labAdaptor`.
struct AnswerFace: Sendable {
    let caches: any AnswerPhotoCacheMaking
}

/// Makes the answer's `PhotoCache(service:)`: generic, as the check called it with a service of
/// each of its own types.
protocol AnswerPhotoCacheMaking: Sendable {
    func make<Service: SpacePhotosService>(service: Service) -> AnswerPhotoCacheHandle
}

/// One `PhotoCache` of the answer's, reached through a closure around it, which runs where its
/// caller does (`nonisolated(nonsending)`), as the check's own calls did: no hop of its own before
/// the cache's (the views take their turns on one first-in-first-out thread).
struct AnswerPhotoCacheHandle: Sendable {
    /// `try await cache.photo(for: day)`.
    let fetchPhoto: nonisolated(nonsending) @Sendable (Date) async throws -> SpacePhoto
}

// MARK: - How the check reaches the answer
func labAdaptor() -> AnswerFace {
    struct AnswerPhotoCacheMaker: AnswerPhotoCacheMaking {
        func make<Service: SpacePhotosService>(service: Service) -> AnswerPhotoCacheHandle {
            let cache = PhotoCache(service: service)
            return AnswerPhotoCacheHandle(fetchPhoto: { try await cache.photo(for: $0) })
        }
    }
    return AnswerFace(caches: AnswerPhotoCacheMaker())
}

// MARK: - The check
import Foundation
import LabCore
import LabScenarios
@testable import StudentCode

let plannedExpectations = 9

/// The answer's PhotoCache, as the check knows it: a handle on one cache.
typealias PhotoCache = AnswerPhotoCacheHandle

extension AnswerPhotoCacheHandle {
    /// A new cache of the answer's, as `PhotoCache(service:)` made it.
    init(service: some SpacePhotosService) { self = labAdaptor().caches.make(service: service) }

    /// The cache's photo of `day`, asked for as the check asked for it.
    nonisolated(nonsending) func photo(for day: Date) async throws -> SpacePhoto { try await fetchPhoto(day) }
}

func runCheck(_ report: CheckReport) async {
    let still = await StillnessWatch()
    let meter = CallMeter()
    let views = CheckServices.random(in: 6...14)
    // The first download of the first day fails: the cache must not keep the failure.
    let failures = FailureInjection(rate: 1, error: .unavailable, onlyMatching: nil, failsAfter: nil)
    let flaky = SpacePhotosClient.simulated(CheckServices.behavior(latency: .fixed(5), failures: failures), meter: meter)
    let working = SpacePhotosClient.simulated(CheckServices.behavior(latency: .fixed(5)), meter: meter)
    let switchable = Switchable(first: flaky, then: working)
    let cache = PhotoCache(service: switchable)
    let today = Date(timeIntervalSince1970: 1_731_974_400 + 86_400 * Double(CheckServices.random(in: 0...30)))
    report.waiting("a first request that fails")
    let failed = (try? await cache.photo(for: today)) == nil
    switchable.useSecond()
    // The views ask on one thread of the check's own, first in, first out (a task executor
    // preference, which the views' tasks inherit): each hop to the cache and back waits its turn
    // behind every view queued before it, so a request that finds no download in flight, awaits
    // anything (not only the download), then stores its own is overtaken by the other views on
    // every run. On the thread pool such requests ran their awaits back to back and passed 2 runs
    // in 2 on two cores (one that logged the day on an actor of its own before storing the task;
    // one that looked for the task in one call and stored it in another).
    let serial = DedicatedThreadExecutor(name: "check 13 · views")
    defer { serial.stop() }
    report.waiting("\(views) views asking for the same photo at once")
    let before = meter.stats.calls
    let titles = await withTaskExecutorPreference(serial) {
        await withTaskGroup(of: String?.self) { group in
            for _ in 0..<views { group.addTask { try? await cache.photo(for: today).title } }
            var titles: [String?] = []
            for await title in group { titles.append(title) }
            return titles
        }
    }
    report.expect(failed && titles.allSatisfy { $0 != nil } && Set(titles).count == 1, "after a failed download, all \(views) views got the photo",
                  otherwise: failed ? "after a failed download the views got \(Set(titles.map { $0 ?? "an error" })): a failure must not stay in the cache"
                                    : "the first request should have failed (the service was down)")
    let downloads = meter.stats.calls - before
    report.expect(downloads == 1, "one download for \(views) requests", otherwise: "\(downloads) downloads for \(views) requests of one photo")
    _ = try? await cache.photo(for: today)
    report.expect(meter.stats.calls - before == 1, "a later request is served from the cache", otherwise: "a later request downloaded again")
    _ = try? await cache.photo(for: today.addingTimeInterval(86_400))
    report.expect(meter.stats.calls - before == 2, "another day is downloaded on its own", otherwise: "expected 2 downloads after asking for a second day, saw \(meter.stats.calls - before)")
    // A failure forgets only its own day: a cache that emptied itself when a download failed
    // (every day's download dropped, an honest reading of "a failed download must not stay
    // cached") downloaded the days it held again, and passed while no day was cached at the failure.
    // Nor another day's download in flight: a cache that kept photos apart from its downloads and
    // forgot every download in flight on a failure passed while none was (an audit's, helper 178):
    // a third day's download is held while the failure comes, and asked for again before it ends.
    let held = today.addingTimeInterval(10 * 86_400)
    let broken = today.addingTimeInterval(11 * 86_400)
    let pending = today.addingTimeInterval(12 * 86_400)
    let oneDayDown = OneDayDown(base: working, failing: broken)
    let holdingPending = HeldPhotos(base: oneDayDown, holding: pending)
    let keeping = PhotoCache(service: holdingPending)
    _ = try? await keeping.photo(for: held)
    let firstPending = Task { try? await keeping.photo(for: pending).date }
    _ = await poll(for: CheckServices.patience) { holdingPending.calls(for: pending) > 0 }
    // The failing day fails at once, unless the cache keeps it behind the held day (downloads that
    // take turns, refused below): then the held download is let go after 1 s, and what follows a
    // failure while a day is in flight is not judged this run.
    let brokenRequest = Task { (try? await keeping.photo(for: broken)) == nil }
    let failedAtOnce = await within(.seconds(1)) { await brokenRequest.value } != nil
    if !failedAtOnce { holdingPending.release() }
    let brokenFailed = await brokenRequest.value
    _ = try? await keeping.photo(for: held)
    // And one more day downloaded whole meanwhile: a cache that forgot every download in flight
    // when one ended well passed as well.
    _ = try? await keeping.photo(for: today.addingTimeInterval(14 * 86_400))
    let secondPending =
        failedAtOnce
        ? await within(.seconds(3)) {
            await withTaskExecutorPreference(serial) {
                await withTaskGroup(of: Date?.self) { group in
                    group.addTask { try? await keeping.photo(for: pending).date }
                    // Asked after it on the same first-in-first-out thread: once this is served, the
                    // request above has had its turn on the cache before the download is let go.
                    _ = try? await keeping.photo(for: today.addingTimeInterval(13 * 86_400))
                    holdingPending.release()
                    return await group.next() ?? nil
                }
            }
        } : nil
    holdingPending.release()
    let pendingPhotos = [await within(.seconds(3)) { await firstPending.value } ?? nil, secondPending ?? nil]
    let heldDownloads = oneDayDown.calls(for: held)
    let pendingDownloads = holdingPending.calls(for: pending)
    let pendingShared = !failedAtOnce || (pendingDownloads == 1 && pendingPhotos.allSatisfy { $0 != nil } && Set(pendingPhotos).count == 1)
    report.expect(
        brokenFailed && heldDownloads == 1 && pendingShared,
        "a failed download of one day left the other days cached\(failedAtOnce ? ", and another day's download in flight shared" : "")",
        otherwise: !brokenFailed ? "a download the service failed returned a photo"
            : heldDownloads != 1
            ? "after another day's download failed, a day already cached was downloaded again (\(heldDownloads) downloads): a failure must remove only its own day's download"
            : pendingDownloads != 1
            ? "a day asked for again while its download was in flight, after another day's download had failed and another's had ended meanwhile, was downloaded \(pendingDownloads) times: a download that ends, failed or not, must remove only its own day's"
            : "two requests for a day whose download was in flight while another day's failed got \(pendingPhotos.map { $0.map { "a photo of \($0)" } ?? "no photo within 3 s" }): both must get that day's one photo")
    // Two new days asked for at once, each by several views: each view gets its own day's photo
    // (an audit's cache kept one download in flight for every day, and handed it to both).
    let days = [today.addingTimeInterval(2 * 86_400), today.addingTimeInterval(3 * 86_400)]
    // Told apart by the photo's date, its identity: two days' titles may be the same picture's.
    let reference = SpacePhotosClient.simulated(CheckServices.behavior(latency: .fixed(0)))
    var wanted: [Date?] = []
    for day in days { wanted.append(try? await reference.photo(for: day).date) }
    let askedTogether = CheckServices.random(in: 2...4)
    // Each day's download waits until both days' are in flight (or the patience runs out): a cache
    // whose downloads take turns, every day behind one line, is seen with one at a time.
    let pair = TogetherPhotos(base: working, hold: PeakHold(peak: 2, patience: CheckServices.patience))
    let pairCache = PhotoCache(service: pair)
    let mixed = await withTaskGroup(of: (Int, Date?).self) { group in
        for index in 0..<(2 * askedTogether) {
            group.addTask { (index % 2, try? await pairCache.photo(for: days[index % 2]).date) }
        }
        var got: [(Int, Date?)] = []
        for await answer in group { got.append(answer) }
        return got
    }
    let wrong = mixed.filter { $0.1 == nil || $0.1 != wanted[$0.0] }.count
    report.expect(wrong == 0, "two days asked for at once: each of the \(mixed.count) views got its own day's photo",
                  otherwise: "two days asked for at once: \(wrong) of \(mixed.count) views got another day's photo or none; keep one download in flight per day")
    report.expect(pair.most == 2, "the two days downloaded at the same time",
                  otherwise: "the two days' downloads took turns (\(pair.most) at once): only callers of the same day share a download; other days go ahead")
    // A download that fails while other views wait for it: each waiting view is told of the
    // failure, and none starts a download of its own (an audit's, helper 147: waiters parked on
    // continuations that a failure forgot hung forever, and waiters that downloaded again once the
    // shared download failed each asked the service; both passed while no failure had waiters).
    report.waiting("views waiting for a download that fails")
    let doomed = today.addingTimeInterval(20 * 86_400)
    let doomedService = HeldPhotos(base: OneDayDown(base: working, failing: doomed), holding: doomed)
    let doomedCache = PhotoCache(service: doomedService)
    let waiters = CheckServices.random(in: 2...4)
    let told = await withTaskExecutorPreference(serial) {
        await withTaskGroup(of: Bool?.self) { group in
            for _ in 0...waiters {
                group.addTask { await within(.seconds(3)) { (try? await doomedCache.photo(for: doomed)) == nil } }
            }
            // Another day, asked for after the views on the same first-in-first-out thread: once it is
            // served, every view has had its turn on the cache, and is waiting for the download.
            _ = try? await doomedCache.photo(for: today.addingTimeInterval(21 * 86_400))
            doomedService.release()
            return await group.reduce(into: [Bool?]()) { $0.append($1) }
        }
    }
    let doomedCalls = doomedService.calls(for: doomed)
    let hung = told.filter { $0 == nil }.count
    report.expect(
        hung == 0 && told.allSatisfy { $0 == true } && doomedCalls == 1,
        "a download that failed while \(waiters) other views waited for it: each view was told of the failure, and none downloaded again",
        otherwise: hung > 0
            ? "a download that failed while \(waiters) other views waited for it: \(counted(hung, "view")) never returned (3 s): hand the failure to every request waiting for that download"
            : doomedCalls > 1
                // Said of the service's count alone: the calls may be the waiting views' own downloads
                // or the shared download trying again (a retry inside it was told the views downloaded).
                ? "a download that failed while \(waiters) other views waited for it: the service was asked \(doomedCalls) times for that day: the waiting views must share the failure of that one download, and nothing asks the service again for it (no download of each view's own, no retry)"
                : "a download that failed while \(waiters) other views waited for it: \(told.filter { $0 == false }.count) of them got a photo the service never sent")
    // A request for a day whose download is in flight, held: it waits for that download, and
    // nothing wakes it meanwhile (one that sleeps and looks again until the day is cached is).
    // Twice, held 200 ms and then 550 ms, each answer due within 300 ms of the release: a look
    // every P ms wakes inside the second hold (P < 550) or is 350 ms or more late after the first,
    // so a correct answer has the most a bound can leave it (250 ms was tighter than it need be).
    // Late is the clock's word alone, and a machine stalled past the bound makes a correct answer
    // late too: a hold whose only fault is lateness is held again, three times in all, and refused
    // only if late every time (an answer that sleeps, then looks, is late on every one).
    var problem: String? = nil
    // Set with `problem` when lateness was its only fault: the clock's word (`CheckReport.late`).
    var onlyLate = false
    var attempts = 0
    for hold in [Duration.milliseconds(200), .milliseconds(550)] where problem == nil {
        var lateness: [Duration] = []
        held: while lateness.count < 3 {
            attempts += 1
            let later = today.addingTimeInterval(Double(4 + attempts) * 86_400)
            report.waiting("a second request while the day's download is held \(hold.humanReadable)")
            switch await requestWhileHeld(later, hold: hold, cache: working, still: still) {
            case .problem(let found):
                problem = found
                break held
            case .late(let late): lateness.append(late)
            case .onTime: break held
            }
        }
        if problem == nil, lateness.count == 3 {
            onlyLate = true
            let times = lateness.map(\.humanReadable)
            problem = "a request for a day already downloading returned \(times[0]), \(times[1]) and \(times[2]) "
                + "after that download ended (held \(hold.humanReadable), three times): it slept, then looked; await the download in flight"
        }
    }
    let waitedRight = "a request for a day already downloading waited for that download, nothing woke it meanwhile, and it returned as the download ended (held 200 ms, then 550 ms)"
    onlyLate ? report.late(problem ?? "") : report.expect(problem == nil, waitedRight, otherwise: problem ?? "")
}

/// Returns once a spell of 50 ms passed in which nothing of the answer's stirred (no task woken on
/// the pool, none begun), or after six spells that each saw something: the hold that follows then
/// judges what keeps stirring, as before. The download being asked for is not the first request's
/// last act: one that starts the download, then notes the request on the main actor through an
/// `async let` and awaits the note, is woken on the pool by the note's end. On a crowded machine
/// that wake came inside the second request's hold, which counted it against a correct answer
/// (1 of 12 runs graded six at once here, 2 of 6 in an audit's; helper 171): the hold now begins
/// once the first request waits.
func firstRequestWaits(_ still: StillnessWatch) async {
    for _ in 0..<6 {
        let (_, spell) = await still.stirrings { try? await Task.sleep(for: .milliseconds(50)) }
        if spell.pooled == 0 && spell.begun == 0 { return }
    }
}

/// What one held request came to: a fault the first time, or only its lateness after the release.
enum HeldOutcome {
    case problem(String)
    case late(Duration)
    case onTime
}

/// Asks for `day` while its first download is held for `hold`, then lets that download go: a
/// second request must start no download, stir nothing meanwhile, get the photo, and return
/// within 300 ms of the release.
func requestWhileHeld(_ day: Date, hold: Duration, cache service: any SpacePhotosService, still: StillnessWatch) async
    -> HeldOutcome
{
    let held = HeldPhotos(base: service)
    let heldCache = PhotoCache(service: held)
    let first = Task { try? await heldCache.photo(for: day).date }
    _ = await poll(for: CheckServices.patience) { held.calls > 0 }
    await firstRequestWaits(still)
    let (second, stirrings) = await still.hold(hold) { () -> (Date?, ContinuousClock.Instant) in
        (try? await heldCache.photo(for: day).date, ContinuousClock.now)
    }
    let released = ContinuousClock.now
    held.release()
    let both = await within(.seconds(3)) { [await first.value, await second.value.0] }
    let late = await within(.seconds(3)) { await second.value.1 }.map { released.duration(to: $0) }
    if held.calls > 1 {
        return .problem("a request for a day already downloading started download \(held.calls): await the one in flight")
    }
    if let stirred = stirrings.problem(
        while: "the day's first download was going (in a hold of \(hold.humanReadable))",
        awaiting: "the download in flight (its task's value)")
    {
        return .problem(stirred)
    }
    guard let both, both.allSatisfy({ $0 != nil }) else {
        return .problem("the two requests for a day got \(both.map { "\($0)" } ?? "no answer within 3 s") once its download ended")
    }
    let after = late ?? .seconds(3)
    return after >= .milliseconds(300) ? .late(after) : .onTime
}

/// A service whose downloads wait until the check lets them go: "still downloading" is a moment
/// the check chooses, not a timing it hopes for.
final class HeldPhotos: SpacePhotosService {
    let base: any SpacePhotosService
    /// The one day held, or nil: every day.
    let holding: Date?
    let gate = Gate()
    private let asked = Locked<[Date: Int]>([:])

    init(base: any SpacePhotosService, holding: Date? = nil) {
        self.base = base
        self.holding = holding
    }

    var calls: Int { asked.withLock { $0.values.reduce(0, +) } }
    func calls(for day: Date) -> Int { asked.withLock { $0[day] ?? 0 } }
    func release() { gate.open() }

    func photo(for day: Date) async throws -> SpacePhoto {
        asked.withLock { $0[day, default: 0] += 1 }
        if holding == nil || holding == day { await gate.wait() }
        return try await base.photo(for: day)
    }
    func randomPhotos(count: Int) async throws -> [SpacePhoto] { try await base.randomPhotos(count: count) }
}

/// A service that fails until the check switches it to a working one.
final class Switchable: SpacePhotosService {
    let first: any SpacePhotosService
    let then: any SpacePhotosService
    private let second = Locked(false)
    init(first: any SpacePhotosService, then: any SpacePhotosService) { self.first = first; self.then = then }
    func useSecond() { second.withLock { $0 = true } }
    func photo(for day: Date) async throws -> SpacePhoto {
        try await (second.withLock { $0 } ? then : first).photo(for: day)
    }
    func randomPhotos(count: Int) async throws -> [SpacePhoto] { try await then.randomPhotos(count: count) }
}

/// Downloads held until two are in flight (see PeakHold), counting the most there were at once.
final class TogetherPhotos: SpacePhotosService {
    let base: any SpacePhotosService
    let hold: PeakHold
    private let inFlight = Locked((now: 0, most: 0))
    init(base: any SpacePhotosService, hold: PeakHold) { self.base = base; self.hold = hold }
    var most: Int { inFlight.withLock { $0.most } }
    func photo(for day: Date) async throws -> SpacePhoto {
        inFlight.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
        defer { inFlight.withLock { $0.now -= 1 } }
        await hold.enter()
        return try await base.photo(for: day)
    }
    func randomPhotos(count: Int) async throws -> [SpacePhoto] { try await base.randomPhotos(count: count) }
}

/// A service down for one day only, counting the downloads asked for each day.
final class OneDayDown: SpacePhotosService {
    let base: any SpacePhotosService
    let failing: Date
    private let asked = Locked<[Date: Int]>([:])
    init(base: any SpacePhotosService, failing: Date) { self.base = base; self.failing = failing }
    func calls(for day: Date) -> Int { asked.withLock { $0[day] ?? 0 } }
    func photo(for day: Date) async throws -> SpacePhoto {
        asked.withLock { $0[day, default: 0] += 1 }
        if day == failing { throw ServiceError.unavailable }
        return try await base.photo(for: day)
    }
    func randomPhotos(count: Int) async throws -> [SpacePhoto] { try await base.randomPhotos(count: count) }
}
