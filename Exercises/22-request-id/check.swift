import LabCore
import LabScenarios

// Given: compiled into your module (StudentCode) beside your file.
/// The request a line belongs to: a task-local, bound with `Request.$id.withValue(_:)`.
enum Request {
    @TaskLocal static var id: String?
}

/// One request's log: each line keeps its message, the `Request.id` it was written under,
/// and whether loadThumbnail or storeInCache wrote it (the check knows a line the helper
/// writes from one an answer writes itself).
final class RequestLog: Sendable {
    struct Line: Sendable, Equatable {
        let message: String
        let requestID: String?
        let byHelper: Bool
        let at: ContinuousClock.Instant
    }

    /// The thumbnails this request asks for: loadThumbnail waits for them all to start.
    let expected: Int
    /// Where loadThumbnail waits, counted as loading, until all `expected` are (see PeakHold).
    fileprivate let network: PeakHold
    private let lines = Locked<[Line]>([])
    private let loading = Locked((now: 0, peak: 0))
    private let loaded = Locked<[Thumbnail]>([])
    private let cached = Locked<[[Thumbnail]]>([])
    /// The base priority of the task each storeInCache ran in: not raised by the handler
    /// awaiting it (escalation changes only the current priority), so it says how it was started.
    private let cachedAt = Locked<[TaskPriority?]>([])
    fileprivate let salt = UInt64.random(in: 1...1_000_000)
    /// Where each thumbnail's checksum falls among the request's: never in index order, nor the
    /// reverse of it (checksums that grew with the index let a handler that sorted by checksum
    /// pass; helper 153's audit).
    fileprivate let checksumOrder: [Int]
    /// Where storeInCache waits before it answers: let go when its patience runs out (or by the
    /// check), or early by a "done" written before the cache answered.
    fileprivate let cache: PeakHold
    /// Told as storeInCache starts waiting there.
    fileprivate let cacheWaits: @Sendable () -> Void

    /// `patience`: how long the network waits for the thumbnails to load together before it
    /// answers anyway, once (the check passes its own, far longer than a busy machine takes to
    /// start them). `cache`: where the cache write waits; by default it waits for "done" or for
    /// 0.8–1.6 s, drawn per request, so that no fixed sleep lands right after "cached" every run
    /// (an audit's 1,050 ms sleep did, while this was one second for every request). The check
    /// passes its own to hold the write while it watches the handler wait, and `cacheWaits` to
    /// be told when the write starts waiting.
    init(
        thumbnails expected: Int, patience: Duration,
        cache: PeakHold = PeakHold(peak: .max, patience: .milliseconds(Int.random(in: 800...1_600))),
        cacheWaits: @escaping @Sendable () -> Void = {}
    ) {
        self.expected = expected
        var order = Array(0..<expected)
        if expected > 2 {
            while order == Array(0..<expected) || order == Array((0..<expected).reversed()) { order.shuffle() }
        }
        checksumOrder = order
        network = PeakHold(peak: expected, patience: patience)
        self.cache = cache
        self.cacheWaits = cacheWaits
    }

    func write(_ message: String) {
        append(message, byHelper: false)
        if message == "done" { cache.letGo() }
    }

    fileprivate func append(_ message: String, byHelper: Bool) {
        let line = Line(message: message, requestID: Request.id, byHelper: byHelper, at: .now)
        lines.withLock { $0.append(line) }
    }

    var written: [Line] { lines.withLock { $0 } }

    /// The thumbnails loadThumbnail returned for this request, in the order they finished.
    var thumbnailsLoaded: [Thumbnail] { loaded.withLock { $0 } }

    /// What storeInCache was given, once per call.
    var thumbnailsCached: [[Thumbnail]] { cached.withLock { $0 } }

    /// The base priority storeInCache ran at, once per call.
    var cachePriorities: [TaskPriority?] { cachedAt.withLock { $0 } }

    /// The most thumbnails this request was loading at one time.
    var peakLoading: Int { loading.withLock { $0.peak } }

    fileprivate func startedLoading() {
        loading.withLock { $0.now += 1; $0.peak = max($0.peak, $0.now) }
    }

    fileprivate func finishedLoading(_ thumbnail: Thumbnail) {
        loading.withLock { $0.now -= 1 }
        loaded.withLock { $0.append(thumbnail) }
    }

    fileprivate func stored(_ thumbnails: [Thumbnail]) {
        cached.withLock { $0.append(thumbnails) }
        cachedAt.withLock { $0.append(Task.basePriority) }
    }
}

struct Thumbnail: Sendable, Equatable {
    let index: Int
    let checksum: UInt64
}

/// Loads one thumbnail: writes "thumbnail <index>" to the log, then waits for the network.
/// The network answers once all the request's thumbnails are loading, however late a busy
/// machine starts the last; if they never are, it waits out the check's patience (2 s) once,
/// then answers every call at once. Loading them all at once is fast, and a narrower window
/// shows as a lower peak.
func loadThumbnail(_ index: Int, log: RequestLog) async -> Thumbnail {
    log.startedLoading()
    log.append("thumbnail \(index)", byHelper: true)
    await log.network.enter()
    try? await Task.sleep(for: .milliseconds(10))
    let place = log.checksumOrder.indices.contains(index) ? log.checksumOrder[index] : index
    let thumbnail = Thumbnail(index: index, checksum: log.salt &* 1_000 &+ UInt64(place))
    log.finishedLoading(thumbnail)
    return thumbnail
}

/// Stores the thumbnails in the cache, then writes "cached <count>" to the log. The cache
/// answers once the request's "done" is written (or after 0.8–1.6 s): a handler that writes
/// "done" without waiting for the cache write shows it every time, not by chance, and so does
/// one that sleeps a while instead of awaiting it (with 60 ms, a sleep of 100 ms passed).
func storeInCache(_ thumbnails: [Thumbnail], log: RequestLog) async {
    log.cacheWaits()
    await log.cache.enter()
    log.stored(thumbnails)
    log.append("cached \(thumbnails.count)", byHelper: true)
}

// MARK: - The answer's face
/// What the check calls of the answer: it is compiled once for every answer, against this
/// (see `AnswerFace` in the lab's grader), and reaches the answer only through `labAdaptor`.
struct AnswerFace: Sendable {
    let handle: @Sendable (String, Int, RequestLog) async -> [Thumbnail]
}

// MARK: - How the check reaches the answer
func labAdaptor() -> AnswerFace {
    AnswerFace(handle: { await handle(requestID: $0, thumbnails: $1, log: $2) })
}

// MARK: - The check
import LabCore
import LabScenarios
@testable import StudentCode

let plannedExpectations = 7

/// The answer's function, called as the exercise declares it.
func handle(requestID id: String, thumbnails count: Int, log: RequestLog) async -> [Thumbnail] {
    await labAdaptor().handle(id, count, log)
}

struct Handled: Sendable {
    let id: String
    let count: Int
    let log: RequestLog
    let thumbnails: [Thumbnail]
}

@MainActor
func runCheck(_ report: CheckReport) async {
    let still = await StillnessWatch()
    let requests = CheckServices.random(in: 3...5)
    var ids: [String] = []
    while ids.count < requests {
        let id = "req-\(CheckServices.random(in: 100...999))"
        if !ids.contains(id) { ids.append(id) }
    }
    // The last request (by id) is handled in a caller's task that has an id of its own bound, as a
    // request made while handling another is: a handler that kept an id already there (`Request.id
    // ?? requestID`) passed while no caller had one (an audit's). The others keep none, so the
    // starting code's lines are told they carry no id.
    let caller = "caller-\(CheckServices.random(in: 100...999))"
    // 3–6 thumbnails each, and 6 for one request drawn: loads in batches of three passed whenever
    // every request drew 3 (up to 1 run in 64; an audit's, helper 192).
    var counts = ids.map { _ in CheckServices.random(in: 3...6) }
    counts[CheckServices.random(in: 0...(counts.count - 1))] = 6
    report.waiting("handle(requestID:thumbnails:log:) for \(requests) requests at once")
    let handled = await withTaskGroup(of: Handled.self) { group in
        for (id, count) in zip(ids, counts) {
            let log = RequestLog(thumbnails: count, patience: CheckServices.patience)
            let bound = id == ids.max() ? caller : nil
            group.addTask {
                await Request.$id.withValue(bound) {
                    Handled(id: id, count: count, log: log, thumbnails: await handle(requestID: id, thumbnails: count, log: log))
                }
            }
        }
        var all: [Handled] = []
        for await one in group { all.append(one) }
        return all.sorted { $0.id < $1.id }
    }

    let wrongResults = handled.filter { request in
        let loaded = request.log.thumbnailsLoaded.sorted { $0.index < $1.index }
        return loaded.map(\.index) != Array(0..<request.count) || request.thumbnails != loaded
    }
    report.expect(wrongResults.isEmpty, "every request returned its thumbnails, loaded by loadThumbnail, in index order",
                  otherwise: "\(wrongResults.first?.id ?? "") returned thumbnails \(wrongResults.first.map { $0.thumbnails.map(\.index) } ?? []), "
                      + "not those loadThumbnail loads for 0..<\(wrongResults.first?.count ?? 0) in index order")

    // Lines a task nobody awaited writes late still count: read the logs after a grace period.
    try? await Task.sleep(for: .milliseconds(150))
    let wrongLines = handled.filter { request in
        let expected = ["start"] + (0..<request.count).map { "thumbnail \($0)" } + ["cached \(request.count)", "done"]
        let written = request.log.written.map(\.message)
        return written.sorted() != expected.sorted() || written.first != "start" || written.last != "done"
    }
    // Whether done came right after cached, with nothing but the cache write's end in between, is
    // judged by what woke the handler, at the end: not by the time between the lines, which a busy
    // machine can stretch for a correct handler as much as a sleep does.
    report.expect(wrongLines.isEmpty, "every request's log has start, one line per thumbnail, cached and done, once each and in that order",
                  otherwise: "\(wrongLines.first?.id ?? "")'s log has \(wrongLines.first?.log.written.map { "\"\($0.message)\"" }.joined(separator: ", ") ?? ""): "
                      + "expected start, a line per thumbnail, cached and done, once each, with done last (await the cache write before done)")

    var offenders: [String] = []
    for request in handled {
        for line in request.log.written where line.requestID != request.id {
            offenders.append(line.requestID.map { "\"\(line.message)\" of \(request.id) carried \($0)" }
                             ?? "\"\(line.message)\" of \(request.id) was written with no id")
        }
    }
    report.expect(offenders.isEmpty, "every line of the \(requests) requests carried its own request's id",
                  otherwise: "\(counted(offenders.count, "line")) without their request's id: \(offenders.prefix(3).joined(separator: "; "))")

    // The helpers' lines come from the helpers: an answer that writes "cached 4" itself has not cached anything.
    let forged = handled.filter { request in
        request.log.written.contains { !$0.byHelper && ($0.message.hasPrefix("cached") || $0.message.hasPrefix("thumbnail")) }
            || request.log.thumbnailsCached != [request.thumbnails]
    }
    // Told apart: lines of the answer's own, or storeInCache not ending once with what was returned
    // by the time the log is read (a write that ends after the handler returns has not ended then:
    // it was told it "called storeInCache 0 times", an audit's, helper 192).
    let forgedFirst = forged.first
    let forgedLines = forgedFirst.map { request in
        request.log.written.contains { !$0.byHelper && ($0.message.hasPrefix("cached") || $0.message.hasPrefix("thumbnail")) }
    } ?? false
    let storedSets = forgedFirst.map { $0.log.thumbnailsCached.map { "\($0.map(\.index))" }.joined(separator: ", ") } ?? ""
    report.expect(forged.isEmpty, "every request's thumbnails were cached once, by storeInCache, in index order",
                  otherwise: forgedLines
                      ? "\(forgedFirst?.id ?? "") wrote a \"cached\" or \"thumbnail\" line itself: they must be written by storeInCache and loadThumbnail, not by your code"
                      : "\(forgedFirst?.id ?? "")'s cache writes had stored \(counted(forgedFirst?.log.thumbnailsCached.count ?? 0, "set")) of thumbnails (\(storedSets.isEmpty ? "none" : storedSets)) when the check read its log, 150 ms or more after it returned, "
                          + "not once the thumbnails it returned (\(forgedFirst?.thumbnails.map(\.index) ?? [])): store them once, in index order, and await the write before returning")

    // At background priority, as the starting code ran it: a cache write awaited in the handler's
    // own task, or in a Task {} with no priority, carried every id and passed. Priorities do not
    // change scheduling on Linux, but a task records the one it was started with.
    let foreground = handled.filter { $0.log.cachePriorities.contains { $0 != .background } }
    report.expect(foreground.isEmpty, "every cache write ran at background priority",
                  otherwise: "\(foreground.first?.id ?? "")'s cache write ran at \(foreground.first?.log.cachePriorities.map(priorityName).joined(separator: ", ") ?? "") priority, not background: "
                      + "start it in a task of its own with Task(priority: .background), which keeps the task-locals Task.detached drops")

    let narrow = handled.filter { $0.log.peakLoading < $0.count }
    let peak = narrow.first?.log.peakLoading ?? 0
    report.expect(narrow.isEmpty, "each request loaded all its thumbnails at once (\(handled.map { "\($0.log.peakLoading)" }.joined(separator: ", ")))",
                  otherwise: "\(narrow.first?.id ?? "") loaded its \(narrow.first?.count ?? 0) thumbnails \(peak == 1 ? "one at a time" : "at most \(peak) at a time"): start them all at once")

    // Awaiting the cache write, the handler is still: nothing wakes it until the write ends. One
    // that looks at a flag of its own again and again came on in time, and passed the lines above.
    // Once the check lets the write go, its end alone wakes the handler to write done: one that
    // slept instead, about as long as the cache's patience (1,050 ms) or past it (1.5 s), wakes by
    // its timer after cached (or before it, writing done first), whatever the patience drawn.
    // The check lets the write go itself, after the hold: the cache's patience is only a backstop,
    // long enough that its own timer never wakes anything meanwhile, however late a busy machine
    // runs the check (that wake would be counted, and pin on a correct handler).
    let cache = PeakHold(peak: .max, patience: .seconds(60))
    let cacheWaiting = Gate()
    let id = "req-\(CheckServices.random(in: 100...999))"
    let log = RequestLog(thumbnails: 3, patience: CheckServices.patience, cache: cache, cacheWaits: { cacheWaiting.open() })
    let (_, stirrings, afterwards) = await still.holdThenLetGo(.milliseconds(300), from: cacheWaiting, letGo: { cache.letGo() }) {
        await handle(requestID: id, thumbnails: 3, log: log)
    }
    let written = log.written.map(\.message)
    var doneAfterCached = false
    if let cached = written.firstIndex(where: { $0.hasPrefix("cached") }), let done = written.firstIndex(of: "done") {
        doneAfterCached = cached < done
    }
    let restless = stirrings.problem(while: "the cache write went on", awaiting: "the cache write's task")
        ?? (doneAfterCached ? nil : "with the cache write held, the log has \(written.map { "\"\($0)\"" }.joined(separator: ", ")): await the cache write before done")
        ?? afterwards.whatStirred.map {
            "once the check let the cache write go and before done was written, \($0): the handler slept or looked instead of awaiting the cache write; await it before done"
        }
    report.expect(restless == nil, "the handler waited for the cache write, woken by nothing until it ended, and by its end alone to write done",
                  otherwise: restless ?? "")
}

/// A priority as the code that asks for it spells it.
func priorityName(_ priority: TaskPriority?) -> String {
    guard let priority else { return "no" }
    let names: [(TaskPriority, String)] = [(.high, "high"), (.medium, "medium"), (.low, "low"), (.background, "background")]
    return names.first { $0.0 == priority }?.1 ?? "\(priority.rawValue)"
}
