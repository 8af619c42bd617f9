import Foundation
import LabCore

// MARK: - The answer's face
/// What the check calls of the answer: it is compiled once for every answer, against this
/// (see `AnswerFace` in the lab's grader), and reaches the answer only through `labAdaptor`.
struct AnswerFace: Sendable {
    let collectTimeStamps: @Sendable (SimulatedWork) async -> [Int: Date]
}

// MARK: - How the check reaches the answer
func labAdaptor() -> AnswerFace {
    AnswerFace(collectTimeStamps: { await collectTimeStamps($0) })
}

// MARK: - The check
import Foundation
import LabCore
@testable import StudentCode

let plannedExpectations = 7

/// The answer's function, called as the exercise declares it.
func collectTimeStamps(_ work: SimulatedWork) async -> [Int: Date] {
    await labAdaptor().collectTimeStamps(work)
}

func runCheck(_ report: CheckReport) async {
    let still = await StillnessWatch()
    // 5 source seconds are 200 ms here (CheckServices.work makes them 50 ms): beside waits this
    // long, the bound below can sit far from both overlapping waits and waits in turn.
    // The waits counted as they start: one per task, or a date was shared; and when each ended.
    let waits = Locked(0)
    let ends = Locked<[Date]>([])
    // And the most waits under way at one moment: five at once is overlap itself, however late a
    // busy machine ran them; waits in turn never have two.
    let inFlight = Locked((now: 0, most: 0))
    let work = SimulatedWork(scale: TimeScale(factor: 0.04)) { starting in
        inFlight.withLock { count in
            count.now += starting ? 1 : -1
            count.most = max(count.most, count.now)
        }
        if starting { waits.withLock { $0 += 1 } } else { ends.withLock { $0.append(Date()) } }
    }
    let clock = ContinuousClock()
    let started = Date()
    report.waiting("collectTimeStamps")
    var stamps: [Int: Date] = [:]
    let elapsed = await clock.measure { stamps = await collectTimeStamps(work) }
    let returned = Date()
    report.expect(stamps.keys.sorted() == [1, 2, 3, 4, 5], "a time stamp for each of the 5 tasks",
                  otherwise: "expected stamps for tasks 1–5, got \(stamps.keys.sorted())")
    // Each stamp a moment of its own, taken as a wait ended: the k-th stamp in time comes after k
    // waits ended (in whichever task; keys that count arrivals are refused at the end), and none after the function
    // returned. One date shared by all five, or a made-up one (`.distantFuture`), had passed. (Two
    // children on two CPUs may read the clock within its resolution of each other, so only one
    // moment for all five is refused.)
    let early = stamps.values.filter { $0.timeIntervalSince(started) < 0.18 }.count
    let waited = waits.withLock { $0 }
    let ended = ends.withLock { $0 }.sorted()
    let beforeTheirWait = zip(stamps.values.sorted(), ended).filter { $0 < $1 }.count
    let late = stamps.values.filter { $0 > returned }.count
    let moments = Set(stamps.values).count
    // Waits that themselves ended that early were shortened (takesTooLong is in the answer's file:
    // one with a 1-second wait, 40 ms here, was told its stamps "came before their task waited",
    // though each came after its own wait; helper 162's audit).
    let shortWaits = ended.filter { $0.timeIntervalSince(started) < 0.18 }.count
    report.expect(early == 0 && beforeTheirWait == 0 && late == 0 && (moments > 1 || stamps.count < 2) && !stamps.isEmpty && waited == 5,
                  "each stamp was taken after its own task's 5 s wait (5 waits)",
                  otherwise: early > 0 && beforeTheirWait == 0 && shortWaits > 0
                      ? "\(counted(shortWaits, "wait")) ended within 180 ms of the call, before takesTooLong()'s 5 source seconds (200 ms here) were up: keep its wait as given; each child returns the date it gives"
                      : early > 0 || beforeTheirWait > 0 || stamps.isEmpty
                      ? "\(counted(max(early, beforeTheirWait), "stamp")) came before their task waited: each child must return takesTooLong()'s date"
                      : late > 0 ? "\(counted(late, "stamp")) lay after collectTimeStamps returned, a moment that never came: each child must return takesTooLong()'s date"
                      : waited != 5 ? "takesTooLong() waited \(counted(waited, "time")) for 5 tasks: each child calls it once and returns its own date"
                      : "the \(stamps.count) stamps are one moment: one date was given to every task; each child returns the date its own takesTooLong() gave")
    // One after the other takes at least 1 s (no wait ends early); together about 200 ms. The
    // bound leaves a correct answer 400 ms of stalls; waits in turn miss it by at least 400 ms. Or
    // all five were under way at once, counted as they began and ended: a machine that stalled a
    // correct answer past the bound (a paused VM, a CPU shared with others) still overlapped them.
    // (A window of three, as 05 taught, takes 400 ms with three at once: the held run below finds
    // it out, and the sentence here says how many were under way together.)
    let together = inFlight.withLock { $0.most }
    report.expect(elapsed < .milliseconds(600) || together == 5,
                  together == 5 ? "the five waits overlapped: all five were under way at once (\(elapsed.humanReadable) in all)"
                      : "the waits overlapped, \(together) at once at most (\(elapsed.humanReadable) in all)",
                  otherwise: "collectTimeStamps took \(elapsed.humanReadable): the five 200 ms waits ran one after the other")
    // Awaiting the children, the parent is still while their waits are: the check holds all five
    // back at their end and watches. A parent that sleeps and looks for the stamps (an actor or a
    // lock filled by the children, read every few ms) is woken by its timer meanwhile, however
    // quick its total: the hold lasts 600 ms, the longest look apart that still meets the bound
    // above, so at least one look falls in it. A look further off (a parent that slept a second
    // first, whose run met the bound by its five waits at once) is woken after the hold, which is
    // watched too (below).
    let atTheDoor = Locked(0)
    let allHeld = Gate()
    // Each wait has a door of its own, let go one at a time after the hold (see below); a sixth
    // wait, if any, goes out with the fifth to arrive. The places let go, in the order they went.
    let doors = (1...5).map { _ in Gate() }
    let heldLetGo = Locked<[Int]>([])
    let heldEnds = Locked<[Date]>([])
    let heldBegun = Locked(0)
    let heldWork = SimulatedWork(
        scale: TimeScale(factor: 0.04),
        observer: { starting in
            if starting { heldBegun.withLock { $0 += 1 } } else { heldEnds.withLock { $0.append(Date()) } }
        },
        heldBack: {
            let place = atTheDoor.withLock { $0 += 1; return $0 }
            if place == 5 { allHeld.open() }
            await doors[min(place, 5) - 1].wait()
            heldLetGo.withLock { $0.append(place) }
        })
    // Fewer than five waits at once (one after the other, or shared) would never fill the door; and
    // a machine too busy to bring all five there within 2 s leaves nothing to judge: children still
    // sleeping would be woken by their own timers. Either way the other lines above judge it.
    // But where every wait begun is at the door and fewer than five have begun, nothing of the
    // answer's is under way but what the check holds: it waits for a place before it begins the
    // rest, a window (of three, as 05 taught: 400 ms in all passed the bound above, told that "the
    // five waits overlapped"; helper 153's audit). Given 4 s more to begin one (a starved machine's
    // late child would begin by then), it is told so.
    let fellBack = Locked<(atTheDoor: Int, window: Int?)?>(nil)
    // On Dispatch's timers, not in a task: a task's sleep ends on the pool, and while the watch below
    // runs (a hold that began late on a stalled machine, or the waits let go, which a stalled child
    // can make last past 2 s) it took that wake for the answer's: a correct answer stalled 1.8 s
    // after a wait was told "tasks of your code were woken 1 time on the thread pool".
    let fewerOver = Locked(false)
    let windowOnly: @Sendable () -> Bool = {
        let (door, begun) = (atTheDoor.withLock { $0 }, heldBegun.withLock { $0 })
        return door < 5 && begun < 5 && door == begun
    }
    let longest = Locked<ContinuousClock.Instant?>(nil)
    @Sendable func lookForFewer() {
        guard !fewerOver.withLock({ $0 }) else { return }
        let until = longest.withLock { $0 = $0 ?? ContinuousClock.now + .seconds(4); return $0! }
        if windowOnly(), ContinuousClock.now < until {
            return DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) { lookForFewer() }
        }
        let door = atTheDoor.withLock { $0 }
        if door < 5 {
            fellBack.withLock { $0 = (door, windowOnly() ? door : nil) }
            allHeld.open()
        }
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(2)) { lookForFewer() }
    // The doors open in an order drawn each run, by the place at which each wait reached its door;
    // the kept run below draws another (see `drawnOrders`). Only with all five at the door: else in
    // the order they came, so that waits one after the other are not kept behind doors that no wait
    // has reached (2 s each).
    let (heldOrder, keptOrder) = drawnOrders()
    let doorOrder = Locked(Array(0..<5))
    report.waiting("collectTimeStamps, its five waits held back at their end")
    let heldReturned = Locked(false)
    // Then the waits go one at a time, each 50 ms after the one before has ended: a child that
    // returns its own takesTooLong() date stamps it as its wait ends, long before the last wait
    // does. Stamps all taken after the group (children that threw their dates away, five Date()s
    // in a row after it) come after the last; they had passed, each a moment of its own after
    // every wait. Refusing a correct answer here takes a thread stalled 200 ms or more between
    // its wait's end and the next line.
    // The doors are opened from Dispatch's timers (in no task, as a wait's end comes), and the
    // watch goes on until collectTimeStamps returns: only the waits' ends may wake it then. A
    // parent that awaited its first child, then slept and looked every 20 ms for the other four
    // stamps in an actor, was still through the hold and passed (helper 162's audit).
    @Sendable func openDoor(_ index: Int) {
        guard index < doors.count else { return }
        doors[doorOrder.withLock { $0[index] }].open()
        awaitItsEnd(index, giveUp: ContinuousClock.now + CheckServices.patience)
    }
    @Sendable func awaitItsEnd(_ index: Int, giveUp: ContinuousClock.Instant) {
        let over = heldEnds.withLock { $0.count } > index || heldReturned.withLock { $0 }
        if over || ContinuousClock.now >= giveUp {
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) { openDoor(index + 1) }
        } else {
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(1)) { awaitItsEnd(index, giveUp: giveUp) }
        }
    }
    let (heldStamps, stirrings, afterwardsCounted) = await still.holdThenLetGo(
        .milliseconds(600), from: allHeld, letGo: {
            if fellBack.withLock({ $0 }) == nil { doorOrder.withLock { $0 = heldOrder } }
            DispatchQueue.global().async { openDoor(0) }
        }
    ) {
        let stamps = await collectTimeStamps(heldWork)
        heldReturned.withLock { $0 = true }
        return stamps
    }
    fewerOver.withLock { $0 = true }
    let lastEnd = heldEnds.withLock { $0.max() }
    let beforeTheLast = lastEnd.map { last in heldStamps.values.filter { $0 < last }.count } ?? 0
    let unjudged = fellBack.withLock { $0 }
    // Each child may run again of itself once let go, as in 03, 04 and 06 (an actor the children
    // file into: a hop there and back), see `ownRunsPerHeldCall`. Judged only with all five at
    // the door: children a stalled machine left sleeping are woken by their own timers.
    var afterwards = afterwardsCounted
    afterwards.spins = max(0, afterwards.spins - ownRunsPerHeldCall * 5)
    let restless = stirrings.problem(while: "the five waits were held back", awaiting: "the children's results (`for await` over the group)")
        ?? afterwards.whatStirred.map {
            "once the five waits were let go one at a time, before collectTimeStamps returned, \($0): await the children's results (`for await` over the group), which only their ends wake"
        }
    if let window = unjudged?.window {
        report.fail(
            "with \(counted(window, "wait")) held back at their end, the others never began (6 s): only \(window) of the five waits were under way at once, the rest waiting for a place (a window?); start all five at once, so that every wait overlaps the others")
    } else {
        report.expect(unjudged != nil || restless == nil,
                      unjudged.map { "not watched: \($0.atTheDoor) of the five waits reached their end within 2 s" }
                          ?? "while the five waits were held back, nothing woke collectTimeStamps, and as they were let go only their ends did: it awaited its children",
                      otherwise: restless ?? "")
    }
    report.expectInTime(heldStamps.isEmpty || beforeTheLast > 0,
                        "each stamp was taken as its own wait ended: with the waits let go one at a time, \(beforeTheLast) of the stamps came before the last wait ended",
                        otherwise: "with the waits let go one at a time, 50 ms apart, all \(counted(heldStamps.count, "stamp")) came after the last wait had ended: they were taken after the group, not as each task's wait ended; each child must return the date its own takesTooLong() gave")

    // Once more, the children's results kept from collectTimeStamps until every wait has ended: the
    // waits go one at a time as above, but whatever their ends wake (the parent, by a child's
    // result) runs only after the last (ResultsKeptBack). A child's own date is taken as its wait
    // ends, so four of them come before the last wait's end, on any machine: the executor is serial,
    // and each wait is let go only once the one before has ended and 20 ms more have passed. A
    // parent that stamped each task as its result came, in the group's `for await`, passed above:
    // the results came 50 ms apart, as the waits ended; here they come after the last.
    let keptBack = ResultsKeptBack()
    let keptAtTheDoor = Locked(0)
    let keptAllThere = Gate()
    let keptDoors = (1...5).map { _ in Gate() }
    let keptLetGo = Locked<[Int]>([])
    let keptEnds = Locked<[Date]>([])
    let keptWork = SimulatedWork(
        scale: TimeScale(factor: 0.04),
        observer: { starting in if !starting { keptEnds.withLock { $0.append(Date()) } } },
        heldBack: {
            let place = keptAtTheDoor.withLock { $0 += 1; return $0 }
            if place == 5 { keptAllThere.open() }
            await keptDoors[min(place, 5) - 1].wait()
            keptLetGo.withLock { $0.append(place) }
        })
    report.waiting("collectTimeStamps, its children's results kept back until all five waits had ended")
    let kept = Task(executorPreference: keptBack) { await collectTimeStamps(keptWork) }
    // Fewer than five waits at the door within 4 s (a window, waits in turn: refused above; or a
    // machine too busy to bring them there) leaves nothing to judge: the waits all go at once.
    let allThere = await within(.seconds(4)) { await keptAllThere.wait() } != nil
    keptAllThere.open()
    var keptLastEnd: Date?
    if allThere {
        keptBack.keepBack()
        for (index, place) in keptOrder.enumerated() {
            keptBack.lettingResultsThrough { keptDoors[place].open() }
            _ = await poll(for: CheckServices.patience) { keptEnds.withLock { $0.count } > index }
            try? await Task.sleep(for: .milliseconds(20))
        }
        keptLastEnd = keptEnds.withLock { $0.max() }
        keptBack.letGo()
    } else {
        for door in keptDoors { door.open() }
    }
    let keptStamps = await within(.seconds(5)) { await kept.value }
    if !allThere {
        report.pass("not watched with the children's results kept back: \(keptAtTheDoor.withLock { $0 }) of the five waits reached their end within 4 s")
    } else if let keptStamps, let keptLastEnd, !keptStamps.isEmpty {
        let ownDates = keptStamps.values.filter { $0 < keptLastEnd }.count
        report.expect(ownDates > 0,
                      "each stamp was its child's own: with the children's results kept from collectTimeStamps until all five waits had ended, \(ownDates) of the stamps came before the last wait ended",
                      otherwise: "with the children's results kept from collectTimeStamps until all five waits had ended, all \(counted(keptStamps.count, "stamp")) came after the last wait had ended: a stamp taken as a child's result arrives, or later, is not the time its task's wait ended; each child must return the date its own takesTooLong() gave")
    } else {
        report.fail(
            keptStamps == nil ? "with the children's results kept back until all five waits had ended, collectTimeStamps had not returned 5 s after they were let go"
                : keptLastEnd == nil ? "with the children's results kept back, none of the five waits ended within \(CheckServices.patience.humanReadable) of being let go"
                : "with the children's results kept back until all five waits had ended, collectTimeStamps returned no stamps")
    }

    // Filed by task, not by arrival. Both runs above let the waits go in a drawn order, by the place
    // at which each reached its door, and each child reaches its door in the order the children
    // began: the check's executors are serial, and run them in the order they were made. So the stamp
    // of task i ends where its place fell in the draw, and stamps filed under their tasks' numbers
    // are out of the keys' order. A parent that numbered the results as they came (`n += 1;
    // timeStamps[n] = date`) files the first to end under 1, the next under 2, each a child's own
    // date: it passed every line above. Judged only where the five waits went in the drawn order;
    // refused only if both runs put the stamps in the keys' order. Each draw is three swaps or more
    // away from the order the children were made and from its reverse, and the two differ: children
    // made in another order (`(1...5).reversed()`, a third begun late) keep their stamps out of the
    // keys' order, and an order of the answer's own would have to be drawn in both runs.
    let fullKeys = [1, 2, 3, 4, 5]
    let heldInKeyOrder: Bool? =
        unjudged == nil && heldStamps.keys.sorted() == fullKeys && heldLetGo.withLock({ $0 }) == heldOrder.map { $0 + 1 }
        ? inKeyOrder(heldStamps) : nil
    let keptInKeyOrder: Bool? =
        allThere && keptStamps?.keys.sorted() == fullKeys && keptLetGo.withLock({ $0 }) == keptOrder.map { $0 + 1 }
        ? keptStamps.map(inKeyOrder) : nil
    let judged = [heldInKeyOrder, keptInKeyOrder].compactMap { $0 }
    if judged.count == 2 && !judged.contains(false) {
        report.fail(
            "with the waits let go in an order drawn each run, not the order their tasks began, the stamps read by key from 1 to 5 still came each after the one before, in both runs: a key must be its task's number, not its stamp's place among the others (a count of the stamps as they came); each child returns its own number with its date, (i, date), and the parent files the date under that number")
    } else if judged.contains(false) {
        report.pass("the keys do not count the stamps as they came: with the waits let go out of the order their tasks began, the stamps by key did not come in the order the waits ended")
    } else {
        report.pass("not judged whether the keys are the tasks' or count the stamps as they came: \(judged.count) of the two runs let its five waits go in the order it drew")
    }
}

/// Two orders to let five waits go in (by place at the door, from 0), different from each other,
/// each with 3 to 7 of its 10 pairs out of order: at least three swaps away from the order the
/// children began and from its reverse.
func drawnOrders() -> (held: [Int], kept: [Int]) {
    var orders: [[Int]] = [[]]
    for _ in 0..<5 {
        orders = orders.flatMap { order in (0..<5).filter { !order.contains($0) }.map { order + [$0] } }
    }
    let farFromBoth = orders.filter { order in
        let outOfOrder = order.indices.flatMap { i in order.indices.filter { $0 > i && order[$0] < order[i] } }.count
        return (3...7).contains(outOfOrder)
    }
    var generator = SystemRandomNumberGenerator()
    let held = farFromBoth.randomElement(using: &generator)!
    let kept = farFromBoth.filter { $0 != held }.randomElement(using: &generator)!
    return (held, kept)
}

/// Whether the stamps, read by key from 1 to 5, each came after the one before.
func inKeyOrder(_ stamps: [Int: Date]) -> Bool {
    let byKey = stamps.keys.sorted().compactMap { stamps[$0] }
    return zip(byKey, byKey.dropFirst()).allSatisfy { $0 < $1 }
}
