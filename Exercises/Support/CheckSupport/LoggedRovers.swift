import LabCore
import LabScenarios

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
    /// Where given, how many pages the check asks for: each slow page then also loads until all of
    /// them have been asked for, so a window that gives each of its places fixed pages up front
    /// (three lanes, an audit's answer) shows the pages held behind it, and one that fills its free
    /// places only once two pages have ended shows the pages it never asked for (05's first two
    /// pages asked for: two at most, since slow pages that hold every place let none be asked).
    var pageCount: Int? = nil
    /// How long a slow page waits for the pages it wants started at most; with `pageCount`, from
    /// the moment the first slow page was asked for: a window with one place free (05's two slow
    /// pages) asks for the rest through it, one at a time, however late a busy machine starts
    /// each; an answer that asks none waits it out once, not once per slow page (one page at a
    /// time, waiting 5 s for each of two, ran out the check's 15 s).
    var slowPatience: Duration = CheckServices.patience
    /// When the first slow page was asked for.
    private let firstSlowAsked = Locked<ContinuousClock.Instant?>(nil)

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
                // With `pageCount`, one patience for all the slow pages; else one each (the probes).
                let now = ContinuousClock.now
                let since = pageCount == nil ? now : firstSlowAsked.withLock { first in
                    if first == nil { first = now }
                    return first ?? now
                }
                _ = await poll(for: slowPatience - since.duration(to: now)) {
                    log.startedInFreedPlaces(during: "page \(page)", startingWith: "page") >= Self.pagesWhileSlow
                        && asked.withLock { $0 } >= (pageCount ?? 0)
                }
                askedWhenSlowEnded.withLock { $0[ordinal] = asked.withLock { $0 } }
            }
            return try await base.photos(rover: rover, earthDate: earthDate, page: page)
        }
    }
}
