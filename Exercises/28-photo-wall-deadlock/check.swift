import Foundation
import LabScenarios

// MARK: - The answer's face
/// What the check calls of the answer: it is compiled once for every answer, against this
/// (see `AnswerFace` in the lab's grader), and reaches the answer only through `labAdaptor`.
/// The service goes to the answer as the check's own type, a generic argument, as the check
/// passed it (not as an `any SpacePhotosService`, which would choose another overload).
protocol AnswerWallLoader: Sendable {
    func loadAnswerWall<AnswerService: SpacePhotosService>(days: [Date], from service: AnswerService) async -> [String]
}

struct AnswerFace: Sendable {
    let wall: any AnswerWallLoader
}

// MARK: - How the check reaches the answer
func labAdaptor() -> AnswerFace {
    struct AnswerWallAdaptor: AnswerWallLoader {
        func loadAnswerWall<AnswerService: SpacePhotosService>(days: [Date], from service: AnswerService) async -> [String] {
            await loadWall(days: days, from: service)
        }
    }
    return AnswerFace(wall: AnswerWallAdaptor())
}

// MARK: - The check
import Foundation
import LabCore
import LabScenarios
@testable import StudentCode

let plannedExpectations = 6

/// The answer's function, called as the exercise declares it, with the check's own service.
func loadWall(days: [Date], from service: some SpacePhotosService) async -> [String] {
    await labAdaptor().wall.loadAnswerWall(days: days, from: service)
}

/// Set in the task that calls loadWall: the tasks it starts inherit it, a thread it hands a
/// fetch to does not.
enum Wall {
    @TaskLocal static var loading = false
}

/// The photo service with every call logged, so the check sees which fetches overlapped, and
/// which were made outside loadWall's task and the tasks it started.
struct LoggedPhotos: SpacePhotosService {
    let base: any SpacePhotosService
    let log: CallLog
    /// The last day's photo arrives first, the first day's last (see ArrivalGate).
    let arrivals: ArrivalGate
    /// Every day's fetch waits here until all of them are in flight (or the patience runs out),
    /// so a correct answer is seen with all at once however late a busy machine starts them.
    let hold: PeakHold
    /// The two days whose fetches fail, after their turns (see `failure`): the wall shows "?" for
    /// each, as the old bridge did, and every other day's title.
    let failing: [Date]
    let outside = Locked(0)

    func photo(for date: Date) async throws -> SpacePhoto {
        // Outside loadWall's tasks: in a task that does not carry its task-local, made by a thread's
        // own code, where the channel sees tasks made. A task-local alone
        // told a `Task.detached` made in loadWall's task, its fetch awaited, from a task a waiting
        // thread started (helper 179): where the channel cannot tell, it is not counted (the scan
        // refuses the threads and queues a fetch could be handed to).
        if !Wall.loading, TaskOrigin.madeFromAThread == true { outside.withLock { $0 += 1 } }
        return try await log.record("photo \(date.timeIntervalSince1970)") {
            await hold.enter()
            let photo = try await base.photo(for: date)
            await arrivals.turn("\(date.timeIntervalSince1970)")
            if let error = failure(for: date, failing) { throw error }
            return photo
        }
    }

    func randomPhotos(count: Int) async throws -> [SpacePhoto] { try await base.randomPhotos(count: count) }
}

func runCheck(_ report: CheckReport) async {
    // More days than the pool has threads (its width is the CPUs online), a different number each run.
    let count = CheckServices.poolWidth * 2 + CheckServices.random(in: 2...6)
    let first = CheckServices.random(in: 0...1_800)
    let days = daysInNoOrder(count, from: first)
    let log = CallLog()
    // Two days' fetches fail, in both loads: a wall that let one failure take the other days'
    // titles with it (a throwing group in one `try?`, an audit's) or dropped the day passed while
    // every fetch succeeded. Each with its own kind of error: the service's `.unavailable`, and one
    // of the check's own, as a lost connection's is not the service's; a wall that showed "?" only
    // for `.unavailable` (another error's description for the rest) passed while it was the only
    // one thrown (an audit's).
    let failingIndex = CheckServices.random(in: 0...(count - 1))
    let lostIndex = (failingIndex + CheckServices.random(in: 1...(count - 1))) % count
    let failingIndices = [failingIndex, lostIndex]
    let failingDays = failingIndices.map { days[$0] }
    // 20–60 ms each, varying by day; the arrivals gate then hands the answers back last day first.
    let service = LoggedPhotos(
        base: SpacePhotosClient.simulated(CheckServices.behavior(latency: .jitter(base: 4, spread: 2))), log: log,
        arrivals: ArrivalGate(order: days.reversed().map { "\($0.timeIntervalSince1970)" }),
        hold: PeakHold(peak: count, patience: CheckServices.patience), failing: failingDays)
    let reference = SpacePhotosClient.simulated(CheckServices.behavior(latency: .fixed(0)))
    var expected: [String] = []
    for day in days { expected.append((try? await reference.photo(for: day).title) ?? "?") }
    for index in failingIndices { expected[index] = "?" }
    // What a wall that awaits its fetches computes, the service's own work included (a date
    // formatted, a reply encoded and decoded, each call logged and held: 13–29 ms for 7–8 days in a
    // debug build, measured), on a service like the answer's: the check's own wall, first.
    let (_, awaitingWall) = await computedWhileWaiting {
        let like = LoggedPhotos(
            base: SpacePhotosClient.simulated(CheckServices.behavior(latency: .jitter(base: 4, spread: 2))), log: CallLog(),
            arrivals: ArrivalGate(order: days.reversed().map { "\($0.timeIntervalSince1970)" }),
            hold: PeakHold(peak: count, patience: CheckServices.patience), failing: failingDays)
        return await Wall.$loading.withValue(true) {
            await withTaskGroup(of: Void.self) { group in
                for day in days { group.addTask { _ = try? await like.photo(for: day) } }
            }
        }
    }
    report.waiting("loadWall(days:from:) for \(count) days (if it never returns: is every pool thread waiting synchronously?)")
    let (titles, computed) = await computedWhileWaiting {
        await Wall.$loading.withValue(true) { await loadWall(days: days, from: service) }
    }
    report.expect(titles == expected, "the wall shows the \(count) days' titles, in the order of the days",
                  otherwise: titles.count != count
                      ? "loadWall returned \(counted(titles.count, "title")) for \(count) days"
                      + (titles.count < count ? " (the fetch of day \(failingIndices.min()! + 1) and that of day \(failingIndices.max()! + 1) failed: each still shows, as \"?\")" : "")
                      : Set(titles) == Set(expected) ? "the titles are not in the order of the days: keep each day's index"
                      : wallAroundAFailure(titles, expected: expected, failing: failingIndices)
                      ?? "the titles are not those the service returns for the days")
    let fetches = log.keys(startingWith: "photo ").count
    report.expect(fetches == count, "each day was fetched once", otherwise: "\(counted(fetches, "fetch", plural: "fetches")) for \(count) days: fetch each day once")
    let together = log.maxInFlight(startingWith: "photo ")
    // Every day at the same time, as the TODO says: fetching in two halves passed while half was enough.
    report.expect(together == count, "the \(count) days were fetched at the same time (\(together) at once)",
                  otherwise: together <= 1 ? "the days were fetched one at a time: start every fetch before awaiting any"
                      : "at most \(together) of the \(count) days were fetched at once: start every day's fetch before awaiting any")
    // A fetch handed to a thread that waits on a semaphore (a GCD queue's, say) finishes too, but
    // that thread is held while it waits: the fetch then runs in a task the waiting thread started.
    let elsewhere = service.outside.withLock { $0 }
    report.expect(elsewhere == 0, "every fetch ran in loadWall's task or one it started, not handed to another thread",
                  otherwise: "\(elsewhere) of \(counted(fetches, "fetch", plural: "fetches")) ran outside loadWall's tasks, in tasks a thread's own code started (a queue's block or a thread's body, which then waits for its task with a semaphore?): await the fetch in the child task")
    // Each fetch sleeps 20–60 ms: a wall whose tasks await them computes next to nothing meanwhile.
    // A child that looks for its title again and again first holds its thread while it looks (see
    // computedWhileWaiting), however briefly, as a wait on a semaphore would.
    report.expect(
        computed < computedWhileWaitingBound + awaitingWall * 2,
        "while the \(count) days' fetches went on, the process computed \(computed.humanReadable) (a wall that awaits them: \(awaitingWall.humanReadable))",
        otherwise: "while the \(count) days' fetches went on (each asleep 20–60 ms), the process computed \(computed.humanReadable), where a wall that awaits them computed \(awaitingWall.humanReadable): a day's task kept its thread busy instead of suspending (looking for the title again and again?); await the fetch in the child task")
    // Only for an answer that passed the rest, which waits synchronously for nothing: one that did
    // would hold the one thread below. A wall of other days, their photos arriving together, every
    // task of the wall's run on one thread of the check's own, first in, first out (see
    // EveryTaskOnOneThread): each hop to an actor and back waits its turn behind every task queued
    // before it. Above, the photos arrive 20 ms apart, and a child that copied the wall's titles
    // out of an actor and wrote them back with its own passed 3 runs in 3 on two cores, every other
    // child's title lost only when two overlapped. A task executor preference alone reached only
    // the group's children: a `Task {}` or `Task.detached` inherits none (SE-0417), ran on the pool,
    // where a hop to a free actor and the hop back run in place, and the same copies passed every
    // run (helper 182: 0 titles lost in 200 loads of 10 such tasks released together, on two CPUs
    // and on one). At least 12 days, none failing: the copies kept 1 to 3 titles of a run, and the
    // days above, 4 on one CPU with 2 of them failing, left only 2 titles to lose, so the copies in
    // detached tasks kept both and passed 2 or 3 grades in 12 on one CPU (`lab grade` of 12 copies
    // of that mistake, session 64); with 12–16 days the three copying mistakes kept 3 and failed
    // 396 grades in 396, on one CPU and on two, a `yes` beside them or not.
    guard !report.hasFailed else { return }
    let wallCount = 12 + CheckServices.random(in: 0...4)
    let wallDays = daysInNoOrder(wallCount, from: first + count)
    var wallPhotos: [Date: SpacePhoto] = [:]
    for day in wallDays { wallPhotos[day] = try? await reference.photo(for: day) }
    let wallTitles = wallDays.map { wallPhotos[$0]?.title ?? "?" }
    let arrivingTogether = ArrivingTogether(
        photos: wallPhotos, hold: PeakHold(peak: wallCount, patience: CheckServices.patience))
    report.waiting("loadWall(days:from:) for \(wallCount) other days, on one thread, every day's photo arriving at once")
    let again = await everyTaskOnOneThread.run(within: .seconds(10)) {
        await withTaskExecutorPreference(everyTaskOnOneThread) { await loadWall(days: wallDays, from: arrivingTogether) }
    }
    let wrongTitles = again.map { zip($0, wallTitles).filter { $0 != $1 }.count + abs($0.count - wallTitles.count) }
    report.expect(
        wrongTitles == 0, "\(wallCount) days' photos arriving at once, the wall still shows every day's title in order",
        otherwise: wrongTitles.map {
            "\(wallCount) days' photos arriving at once (loadWall run on one thread), the wall came back with \($0) of its \(wallCount) titles missing or wrong: each day's title must reach the wall whatever the other days' tasks do meanwhile"
        } ?? "\(wallCount) days' photos arriving at once, loadWall run on one thread did not return within 10 s")
}

/// `count` days in a row, the first `first` days after 1 January 2020, in no order of the
/// calendar's, as a wall of chosen days may list them: a wall that sorted its titles by date passed
/// while the days came in ascending order (an audit's). Neither ascending nor descending: one
/// sorted either way is refused.
func daysInNoOrder(_ count: Int, from first: Int) -> [Date] {
    var days = (0..<count).map { Date(timeIntervalSince1970: 1_577_836_800 + 86_400 * Double(first + $0)) }
    for index in days.indices.dropLast() { days.swapAt(index, CheckServices.random(in: index...(count - 1))) }
    if days == days.sorted() || days == days.sorted(by: >) { days.swapAt(0, 1) }
    return days
}

/// Every day's photo held until all are asked for, then answered together (see PeakHold), from
/// photos fetched before, none failing: no call sleeps, so each day's task wakes where the hold
/// resumes it, on the check's thread, not from a timer.
struct ArrivingTogether: SpacePhotosService {
    let photos: [Date: SpacePhoto]
    let hold: PeakHold

    func photo(for date: Date) async throws -> SpacePhoto {
        await hold.enter()
        guard let photo = photos[date] else { throw ServiceError.unavailable }
        return photo
    }

    func randomPhotos(count: Int) async throws -> [SpacePhoto] { Array(photos.values.prefix(count)) }
}

/// An error of the check's own, not a `ServiceError`: a connection lost on the way.
struct ConnectionLost: Error {}

/// The error a failing day's fetch throws: the service's `.unavailable` for the first of `failing`,
/// the check's own `ConnectionLost` for the other; nil for a day that does not fail.
func failure(for date: Date, _ failing: [Date]) -> (any Error)? {
    guard let index = failing.firstIndex(of: date) else { return nil }
    return index == 0 ? ServiceError.unavailable : ConnectionLost()
}

/// What the wall did wrong around the days whose fetches failed (`failing`: the one that threw
/// `.unavailable`, then the one that threw `ConnectionLost`), or nil when the fault is elsewhere:
/// other days' titles lost with them, or a "?" replaced.
func wallAroundAFailure(_ titles: [String], expected: [String], failing: [Int]) -> String? {
    let others = titles.indices.filter { !failing.contains($0) && titles[$0] != expected[$0] }
    if !others.isEmpty {
        let shown = Set(others.map { "\"\(titles[$0])\"" }).sorted().joined(separator: ", ")
        let days = failing.sorted().map { "day \($0 + 1)" }.joined(separator: " and ")
        return "the fetches of \(days) of \(titles.count) failed, and \(counted(others.count, "other day's title", plural: "other days' titles")) \(were(others.count)) lost with them (shown as \(shown)): "
            + "one day's failure must cost only its own title; catch it in that day's task (`try?` around its fetch)"
    }
    if let wrong = failing.first(where: { titles[$0] != "?" }) {
        let error = wrong == failing.first ? "the service unavailable" : "a connection lost, an error that is not the service's"
        return "the fetch of day \(wrong + 1) of \(titles.count) failed (\(error)), and the wall shows \"\(titles[wrong])\" for it: show \"?\" for a day whose photo cannot be fetched, whatever the error, as the old bridge did"
    }
    return nil
}

/// One thread of the check's own that runs, while `run(within:_:)` runs its work, every job the
/// global executor is handed (through the runtime's `swift_task_enqueueGlobal_hook`, each job passed
/// on through any hook set before, as the channel's, which counts them), first in, first out, each as a task
/// executor runs its jobs. A thread that runs a job for a task executor never hops in place: every
/// hop of such a task, to an actor or back, is queued behind the jobs before it. So a day's task
/// that copies the wall's titles out of an actor and writes them back, whatever kind of task it is
/// (a group's child, a `Task {}`, a `Task.detached`), copies them while the other days' tasks
/// copy theirs, and the writes overwrite each other. A wall whose tasks keep nothing across
/// their hops shows every title whatever the order. Where the hook is not found, only the tasks
/// that prefer this executor (a group's children) run here, as before. Tried on Linux only: the two
/// mistakes it refuses are catalogued for Linux (`platforms: linux`) until a Mac has run it.
///
/// Not LabCore's `DedicatedThreadExecutor`, though its thread and queue are alike: that executor
/// runs each job isolated to itself too (an actor's serial executor and a task executor at once),
/// and a job taken from the global executor is no actor's; and it has neither the feed from the
/// runtime's hook nor the hand-back of unrun jobs, which a lesson's executor has no use for.
///
/// `@unchecked Sendable`: every stored property but the thread's is read and written under
/// `condition` (a lock the runtime's hook and the jobs' thread take for a moment each, never across
/// a job); a `Mutex` cannot be waited on, and the thread sleeps on `condition` until a job comes.
final class EveryTaskOnOneThread: TaskExecutor, @unchecked Sendable {
    typealias Enqueue = @convention(thin) (UnownedJob) -> Void
    typealias Hook = @convention(thin) (UnownedJob, Enqueue) -> Void

    private let condition = NSCondition()
    private var pending: [UnownedJob] = []
    private var routing = false
    private var hookSet = false
    private var previousHook: Hook?
    /// The runtime's own enqueue, as the hook was last handed it: where the jobs go once the
    /// deadline has passed.
    private var original: Enqueue?
    /// The jobs taken from the global executor and not yet run (handed back at the deadline).
    private var fromThePool = Set<UnownedJobID>()

    init() {
        let thread = Thread { [self] in runJobs() }
        thread.name = "check 28 · every task"
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) { add(UnownedJob(job), fromThePool: false) }

    /// Runs `work` with every task's jobs on this thread; nil if it has not returned within
    /// `limit`. Then the pool has its jobs back (those still queued here too) and the caller is
    /// told, on a queue's timer: a work that holds this thread (a wait) holds only itself.
    func run<T: Sendable>(within limit: Duration, _ work: @escaping @Sendable () async -> T) async -> T? {
        let (stream, continuation) = AsyncStream<T?>.makeStream()
        let deadline = DispatchWorkItem { [self] in
            let queued = stopRouting()
            continuation.yield(nil)
            handBack(queued)
        }
        startRouting()
        Task { continuation.yield(await work()) }
        DispatchQueue.global().asyncAfter(
            deadline: .now() + .milliseconds(Int(limit.components.seconds * 1_000)), execute: deadline)
        var results = stream.makeAsyncIterator()
        let result = await results.next() ?? nil
        deadline.cancel()
        _ = stopRouting()
        return result
    }

    private func startRouting() {
        condition.lock()
        defer { condition.unlock() }
        routing = true
        // RTLD_DEFAULT (every image loaded), as the channel looks it up: nil on Linux, -2 on Darwin.
        #if canImport(Darwin)
            let everyImage = UnsafeMutableRawPointer(bitPattern: -2)
        #else
            let everyImage: UnsafeMutableRawPointer? = nil
        #endif
        guard !hookSet,
            let slot = dlsym(everyImage, "swift_task_enqueueGlobal_hook")?.assumingMemoryBound(to: Hook?.self)
        else { return }
        // Set once, never unset (the channel may set its own over it later): off, it passes every
        // job on as it came.
        previousHook = slot.pointee
        let hook: Hook = { job, original in everyTaskOnOneThread.fromTheGlobalExecutor(job, original) }
        slot.pointee = hook
        hookSet = true
    }

    /// Stops taking jobs from the global executor; returns those taken and not yet run.
    private func stopRouting() -> [UnownedJob] {
        condition.lock()
        defer { condition.unlock() }
        routing = false
        let queued = pending.filter { fromThePool.contains(UnownedJobID($0)) }
        return original == nil ? [] : queued
    }

    /// Gives the global executor back the jobs taken from it that have not run yet (this thread is
    /// held): the runtime's own enqueue runs them on the pool.
    private func handBack(_ jobs: [UnownedJob]) {
        condition.lock()
        let ids = Set(jobs.map(UnownedJobID.init))
        let handedBack = pending.filter { ids.contains(UnownedJobID($0)) }
        pending.removeAll { ids.contains(UnownedJobID($0)) }
        fromThePool.subtract(ids)
        let original = original
        condition.unlock()
        if let original { for job in handedBack { original(job) } }
    }

    fileprivate func fromTheGlobalExecutor(_ job: UnownedJob, _ original: Enqueue) {
        condition.lock()
        let route = routing
        if route { self.original = original }
        let previous = previousHook
        condition.unlock()
        let onward: Enqueue = route ? { job in everyTaskOnOneThread.add(job, fromThePool: true) } : original
        if let previous { previous(job, onward) } else { onward(job) }
    }

    fileprivate func add(_ job: UnownedJob, fromThePool taken: Bool) {
        condition.lock()
        pending.append(job)
        if taken { fromThePool.insert(UnownedJobID(job)) }
        condition.signal()
        condition.unlock()
    }

    private func runJobs() {
        while true {
            condition.lock()
            while pending.isEmpty { condition.wait() }
            let job = pending.removeFirst()
            fromThePool.remove(UnownedJobID(job))
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// A queued job's identity (its address), to tell the jobs taken from the pool from the others.
/// `unsafeBitCast`: an `UnownedJob` is one pointer and offers no identity of its own; the address is
/// only compared, never used to reach the job, and a job is queued once until it runs.
struct UnownedJobID: Hashable {
    let bits: Int
    init(_ job: UnownedJob) { bits = unsafeBitCast(job, to: Int.self) }
}

/// The one: the hook is a function with no context, so it names the thread's owner globally.
let everyTaskOnOneThread = EveryTaskOnOneThread()
