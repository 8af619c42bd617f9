import Dispatch
import Foundation
import LabCore

// Given: compiled into your module (StudentCode) beside your file, so your code can use it.
/// A sensor with a callback API: a reading every 5 ms on a background queue (or `perTick` at a
/// time; after the first `pausingAfter` readings, if given, one every 500 ms: a sensor that has
/// gone quiet; it then finishes 200 ms after its last reading).
final class CaffeineSensor: Sendable {
    /// Runs one of the sensor's steps (a reading, or its finish) `milliseconds` from now, on a
    /// background queue.
    typealias Schedule = @Sendable (_ milliseconds: Int, _ step: @escaping @Sendable () -> Void) -> Void

    private let state = Locked((running: false, delivered: 0, lastReadingAt: ContinuousClock.Instant?.none))
    private let values: [Double]
    private let pausingAfter: Int?
    private let interval: Int
    private let perTick: Int
    private let afterThePause: Schedule?
    /// Every sensor made, by the check or by anyone else: the check makes three.
    private static let made = Locked(0)
    static var sensorsMade: Int { made.withLock { $0 } }

    /// `interval`: milliseconds between readings (5 unless given); `perTick`: how many readings
    /// each of those steps sends, one after the other (1 unless given). `afterThePause`: what runs the
    /// steps after the pause, in place of the sensor's own timer (the check's, which lets each
    /// come when it has watched your code: the reading no sooner than 500 ms, the finish 200 ms
    /// after it and once your stream has handed something on since).
    init(values: [Double], pausingAfter: Int? = nil, interval: Int = 5, perTick: Int = 1, afterThePause: Schedule? = nil) {
        self.interval = interval
        self.perTick = max(1, perTick)
        self.values = values
        self.pausingAfter = pausingAfter
        self.afterThePause = afterThePause
        Self.made.withLock { $0 += 1 }
    }
    convenience init(readings: Int, pausingAfter: Int? = nil) {
        self.init(values: (1...max(1, readings)).map { Double($0 * 10) }, pausingAfter: pausingAfter)
    }

    func start(onReading: @escaping @Sendable (Double) -> Void, onFinish: @escaping @Sendable () -> Void) {
        state.withLock { $0.running = true }
        tick(1, onReading, onFinish)
    }

    func stop() { state.withLock { $0.running = false } }
    var isRunning: Bool { state.withLock { $0.running } }
    var delivered: Int { state.withLock { $0.delivered } }
    /// When the sensor last sent a reading, if it has.
    var lastReadingAt: ContinuousClock.Instant? { state.withLock { $0.lastReadingAt } }
    /// When the sensor called onFinish, if it has.
    var finishedAt: ContinuousClock.Instant? { finished.withLock { $0 } }
    private let finished = Locked<ContinuousClock.Instant?>(nil)

    private func tick(_ number: Int, _ onReading: @escaping @Sendable (Double) -> Void, _ onFinish: @escaping @Sendable () -> Void) {
        let quiet = pausingAfter.map { number > $0 } ?? false
        let wait = quiet ? (number > values.count ? 200 : 500) : interval
        let step: @Sendable () -> Void = { [self] in
            guard state.withLock({ $0.running }) else { return }
            if number > values.count {
                state.withLock { $0.running = false }
                finished.withLock { $0 = .now }
                return onFinish()
            }
            // This step's readings: one while quiet, else up to `perTick`, never past the pause.
            let last = quiet ? number : min(values.count, number + perTick - 1, pausingAfter ?? .max)
            for reading in number...last {
                guard reading == number || state.withLock({ $0.running }) else { return }
                state.withLock {
                    $0.delivered += 1
                    $0.lastReadingAt = .now
                }
                onReading(values[reading - 1])
            }
            tick(last + 1, onReading, onFinish)
        }
        if quiet, let afterThePause { return afterThePause(wait, step) }
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(wait), execute: step)
    }
}

// MARK: - The answer's face
/// What the check calls of the answer: it is compiled once for every answer, against this
/// (see `AnswerFace` in the lab's grader), and reaches the answer only through `labAdaptor`.
/// Called synchronously and off every actor, as the check called it; the check reads whatever
/// async sequence of readings it returns that never throws, as it read the answer's own type.
struct AnswerFace: Sendable {
    let readings: @Sendable (CaffeineSensor) -> any AsyncSequence<Double, Never>
}

// MARK: - How the check reaches the answer
func labAdaptor() -> AnswerFace {
    AnswerFace(readings: { readings(from: $0) })
}

// MARK: - The check
import Dispatch
import Foundation
import LabCore
@testable import StudentCode

let plannedExpectations = 4

/// The answer's function, called as the exercise declares it.
func readings(from sensor: CaffeineSensor) -> any AsyncSequence<Double, Never> {
    labAdaptor().readings(sensor)
}

func runCheck(_ report: CheckReport) async {
    let still = await StillnessWatch()
    // More readings than a small buffer holds: a stream that keeps only the newest few (an audit's
    // `.bufferingNewest(5)`, others' 32 and 100) loses some to the reader below, which falls behind
    // the whole feed. And more than a "safety" cap would let through: a stream that ended (or
    // dropped the rest) after 600 readings passed while the feed was 300–500 (helper 153's audit),
    // so 12,000–20,000 readings, 80 a millisecond: any cap or bounded buffer of a round size up
    // to 10,000 loses some (at 3,000–5,000, a cap of 8,192 passed: helper 185's audit), and the
    // feed still takes only 150–250 ms. Not more: a correct pull stream that takes each reading off
    // the front of an array does work that grows with the square of what waits unread.
    let count = CheckServices.random(in: 12_000...20_000)
    // Readings to a Double's full precision: with whole numbers, a stream that rounded each
    // reading, or carried it as a Float, handed on the very values sent (helper 153's audit); to
    // the hundredth, one that rounded to the hundredth did (helper 185's).
    var expected = (0..<count).map { _ in fractionalReading() }
    // Some readings repeat the one before, as a steady sensor's do: a stream that drops a repeat
    // (an audit's passed whenever the draw had none) loses one.
    for _ in 0..<CheckServices.random(in: 3...6) {
        let at = CheckServices.random(in: 1...(count - 1))
        expected[at] = expected[at - 1]
    }
    let sensor = CaffeineSensor(values: expected, interval: 1, perTick: 80)
    report.waiting("the readings of a sensor that sends \(count), read slowly")
    // Within 10 s (a busy machine reads them all in 3): a stream never finished keeps its reader
    // waiting, and the check's whole limit (15 s) was spent on finding that out.
    let arrived = Locked<[Double]>([])
    let ended = await within(.seconds(10)) { () -> Bool in
        var values: [Double] = []
        for await value in readings(from: sensor) {
            values.append(value)
            arrived.withLock { $0.append(value) }
            if values.count == 1 {
                // The reader falls behind the whole feed: after the first reading it reads on only once
                // the sensor has sent them all (5 s at most). So a stream that keeps only a few loses the
                // rest however the machine times the two (with a reader just slower than the sensor, a
                // busy machine's late sensor let `.bufferingNewest(5)` lose nothing).
                let deadline = ContinuousClock.now + .seconds(5)
                while sensor.delivered < count, sensor.isRunning, ContinuousClock.now < deadline {
                    try? await Task.sleep(for: .milliseconds(5))
                }
            }
            // A reader slower than the sensor while it sends: nothing may be lost.
            if sensor.isRunning { try? await Task.sleep(for: .milliseconds(2)) }
        }
        return true
    }
    let values = arrived.withLock { $0 }
    guard ended != nil else {
        return report.fail(
            "\(values.count) of the \(count) readings arrived, and the stream never ended (10 s): finish it when the sensor is done (its onFinish)")
    }
    let firstWrong = zip(values, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
    // As many as were sent, one not as sent (rounded, carried as a Float, out of order): said
    // before the rest, which are about readings lost or added. In steps, each typed.
    let changed: String? = firstWrong.flatMap { index -> String? in
        guard values.count == count else { return nil }
        return "all \(count) readings arrived, but reading \(index + 1) was \(values[index]), not \(expected[index]), the one the sensor sent: yield each reading as the sensor sent it, unchanged and in order"
    }
    report.expect(values == expected, "all \(count) readings, in order, and the stream ended",
                  otherwise: changed
                      ?? (firstWrong == 0
                      ? "the first reading was \(values.first ?? 0), not \(expected.first ?? 0), the one the sensor sent: yield the sensor's readings"
                      : values.count < count && firstWrong == nil
                      ? "\(values.count) of the \(count) readings arrived, the first \(values.count): the stream ended early, or the rest never came"
                      : values.count < count
                          ? "\(values.count) of the \(count) readings arrived, reading \(firstWrong.map { $0 + 1 } ?? 0) onward not as sent: some were lost on the way; yield every reading the sensor sends, in order (repeats too)"
                          : "\(values.count) readings for \(count) sent; reading \(firstWrong.map { $0 + 1 } ?? count + 1) was not the one sent: yield each reading once, in order"))
    // A sensor that pauses half a second before its last reading: the stream ends when the sensor
    // finishes, not when it has been quiet a while (a watchdog that ended it after 100 ms of
    // silence passed).
    // It finishes 200 ms after that reading (not before its reader has heard something since: see
    // HeldPause), sooner than its pause: a stream that ends after a silence long enough to outlast the pause ends
    // 300 ms or more after the sensor finished, so no silence passes both (700 ms passed the
    // reading alone; one of 500–600 ms, both, while the sensor finished 500 ms after its last
    // reading).
    let pausing = (1...4).map { _ in fractionalReading() }
    report.waiting("a sensor that pauses 500 ms before its last reading")
    let sensorsBefore = CaffeineSensor.sensorsMade
    let watched = await readPausing(pausing, still)
    let ownSensors = CaffeineSensor.sensorsMade - sensorsBefore - 1
    let (heard, endedAfterFinish) = (watched.heard, watched.endedAfterFinish)
    // The bound is 250 ms, short of that 300 ms: a correct stream ends as the sensor finishes,
    // and a busy machine may take a while to run its reader (it was 100 ms).
    // The readings heard are the code's; every one heard, and an end late by the bound alone, the
    // clock's word (`CheckReport.late`).
    if heard == pausing {
        report.expectInTime((endedAfterFinish ?? .zero) < .milliseconds(250),
                            "a sensor that paused 500 ms before its last reading was read to its end, and the stream ended as it finished",
                            otherwise: "the stream ended \((endedAfterFinish ?? .zero).humanReadable) after the sensor finished: end it when the sensor finishes (onFinish), not after a silence")
    } else {
        report.fail(heard.count >= pausing.count || !pausing.starts(with: heard)
            // Not the readings' first part: readings lost or changed, not a stream ended early.
            ? "a sensor that paused 500 ms before its last reading gave \(heard), not \(pausing): yield every reading the sensor sends, as sent"
            : "a sensor that paused 500 ms before its last reading gave \(heard), not \(pausing): end the stream when the sensor finishes (onFinish), not when it goes quiet")
    }
    // It goes quiet after the third reading: a stream that stops the sensor only when a later
    // reading finds the reader gone leaves it running meanwhile.
    let long = CaffeineSensor(readings: 1000, pausingAfter: 3)
    report.waiting("3 readings from a sensor that sends 1000, then goes quiet")
    var read = 0
    // Leaving runs onTermination on this thread, with no suspension before the loop is left: a
    // wait spun there (an audit's 30 ms "grace" before sensor.stop(), helper 185) was done, the
    // sensor stopped, before the check could look. Judged as the holds judge a loop (ThreadActivity):
    // by the CPU it used, or how long it wanted one on a crowded machine; a correct stop uses µs.
    var leaving: ThreadActivity.ThreadActivityReading? = nil
    for await _ in readings(from: long) {
        read += 1
        if read == 3 {
            leaving = ThreadActivity.ThreadActivityReading()
            break
        }
    }
    // The thread's wakes are not judged: a lock onTermination shares with a callback may sleep once.
    let spunLeaving = leaving?.activity().flatMap {
        ThreadActivity(cpu: $0.cpu, wakes: nil, wanted: $0.wanted, lasted: $0.lasted).restless()
    }
    // Counted from here, not from the third reading: a reader woken late by a busy machine
    // rightly finds more readings sent first. After leaving, at most the one on its way.
    let whenLeft = long.delivered
    try? await Task.sleep(for: .milliseconds(60))
    let stopped = !long.isRunning && long.delivered <= whenLeft + 1
    report.expect(stopped && spunLeaving == nil, "leaving the loop stopped the sensor",
                  otherwise: stopped
                      ? "leaving the loop stopped the sensor, but the reader's thread, as it left, \(spunLeaving ?? "") (onTermination spun a wait before it stopped the sensor?): stop it in onTermination, at once"
                      : "the sensor kept running after the reader left (\(long.delivered) readings sent): stop it in onTermination, which runs once the reader has left and nothing else holds the stream (a stream made with `unfolding:` never hears the reader leave, and one stored where the sensor's callbacks hold it lives on with them; make it from the callbacks, holding only its continuation)")
    // The readings a stream loses are told above; here, what woke the reader while the sensor was
    // quiet and after it, however many readings it heard.
    if ownSensors > 0 {
        // Its callbacks come from outside any task, as the sensor's own do, which the watch
        // forgives after the pause: a sensor of the answer's own ticks like a timer there.
        report.fail("your code made \(counted(ownSensors, "sensor")) of its own while the check read the pausing one (a sensor's callbacks as a timer?): make the stream of the sensor handed to you, and let its own callbacks, onReading and onFinish, drive the stream")
    } else if let whatStirred = watched.held.whatStirred {
        report.fail("while the sensor was quiet for \(watched.held.lasted.humanReadable), \(whatStirred) (something that sleeps and looks at the sensor, in a task of its own or in next()?): let the sensor's own callbacks, onReading and onFinish, drive the stream")
    } else if let whatStirred = watched.afterwards.whatStirred {
        report.fail("once the sensor's pause was over and before the stream ended, \(whatStirred) (something that sleeps and looks at the sensor, in next()?): only the sensor's reading and its end wake a stream that waits for them; let the sensor's own callbacks, onReading and onFinish, drive the stream")
    } else if heard == pausing, let unheard = watched.lastBeforeThePauseUnheard {
        // The reading before the pause was sent before the hold began, so a stream that yields in
        // onReading had handed it on long before the check let the next one go; one that keeps a
        // reading back until a later comes (two at a time, a look-ahead) hands it on with that one.
        // A stall that long is the clock's word (`late`): a stalled correct reader hears it on a
        // second run.
        report.late("the sensor's reading before its pause had not reached the reader \(unheard.humanReadable) after it was sent (the check kept the sensor's next reading back until then), and the reader heard it only after the check let that next reading go: yield each reading in onReading as it comes; a stream that keeps a reading back until a later one comes (two at a time, a look-ahead) leaves the reader waiting for it as long as the sensor is quiet")
    } else if heard == pausing, let unheard = watched.lastUnheardAtTheEnd {
        // Not woken by the reading and not by a timer before the check gave up holding the
        // sensor's end: a look so rare, or a stall so long, that only the clock can tell.
        report.late("the reading after the sensor's pause had not reached the reader \(unheard.humanReadable) after it was sent: a stream that waits for onReading hands each reading on at once; one that looks at the sensor now and then, only at its next look")
    } else if let fourthLate = watched.fourthLate {
        // Woken as it should be; and on time, by the clock's word: a look on an executor or a
        // thread the watch does not see, were one to slip past the scan, would still come late.
        report.expectInTime(fourthLate < .milliseconds(150),
                            "while the sensor was quiet (\(watched.held.lasted.humanReadable) watched, its reading held), nothing of your code woke, and then only the sensor's reading and its end woke the reader, and the reading after the pause reached the reader \(fourthLate.humanReadable) after it was sent: the stream waited for the sensor",
                            otherwise: "the reading after the sensor's pause reached the reader \(fourthLate.humanReadable) after the sensor sent it: a stream that waits for onReading hands each reading on at once; one that looks at the sensor now and then, only at its next look")
    } else {
        report.pass("while the sensor was quiet (\(watched.held.lasted.humanReadable) watched, its reading held), nothing of your code woke, and then only the sensor's callbacks woke the reader: the stream waited for the sensor")
    }
}

/// A reading of up to 400 mg to a Double's full precision (a multiple of 2⁻⁴⁰): neither a whole
/// number, nor a Float's, nor one rounded to a few decimals. Drawn to the hundredth, every reading
/// was its own rounding to the hundredth, and a stream that rounded so "for display" passed
/// (helper 185's audit).
func fractionalReading() -> Double {
    let steps = 1 << 40
    var reading = 0.0
    repeat {
        reading = Double(CheckServices.random(in: 1...(400 * steps))) / Double(steps)
    } while reading.rounded() == reading || Double(Float(reading)) == reading
    return reading
}

/// A sensor's pause, as one reader read it (see readPausing).
struct PauseRead: Sendable {
    var heard: [Double] = []
    var endedAfterFinish: Duration?
    /// How long after the sensor sent it the fourth reading reached the reader, if it heard it.
    var fourthLate: Duration?
    /// What stirred the answer's code while the sensor's next reading was held, and what woke the
    /// reader from the moment the check let it go until the stream ended.
    var held = Stirrings()
    var afterwards = Stirrings()
    /// How long after the reading after the pause was sent the check gave up holding the sensor's
    /// end for the reader to hear something; nil when the reader heard something first.
    var lastUnheardAtTheEnd: Duration?
    /// How long after the reading before the pause was sent the check gave up holding the next one
    /// for the reader to hear it; nil when the reader heard it first.
    var lastBeforeThePauseUnheard: Duration?
}

/// Reads a sensor that pauses 500 ms before its last reading, in a task on a watch (not the
/// check's own task, which the pool watch leaves out: a stream that looks at the sensor from
/// inside next() looks in the reader's task), by structure, not by a window on the clock. The
/// check holds the sensor's steps after the pause (see HeldPause): while the reading is held,
/// nothing may wake the reader; once the check lets it go, only the reading and then the
/// sensor's end may, which come from outside any task (the watch forgives those, see
/// `StillnessWatch.holdThenLetGo`), until the stream ends. A stream that waits for onReading is
/// woken by the reading; one that looks at the sensor every P ms, from whatever moment, is woken
/// by its timer in the hold or after it: the sensor's end waits until the reader has heard
/// something since the reading was sent, so a look must come first (else one that cuts its sleep
/// short on onFinish would be woken by the end alone whenever its period outlasts the pause).
func readPausing(_ pausing: [Double], _ still: StillnessWatch) async -> PauseRead {
    let pause = HeldPause()
    let sensor = CaffeineSensor(values: pausing, pausingAfter: pausing.count - 1, afterThePause: pause.schedule)
    let (result, held, afterwards) = await still.holdThenLetGo(.milliseconds(500), from: pause.began, letGo: pause.letGo) {
        var read = PauseRead()
        for await value in readings(from: sensor) {
            read.heard.append(value)
            // How late, if this is the sensor's latest reading (a stream that lost one hears another).
            if read.heard.count == pausing.count, sensor.delivered == read.heard.count {
                read.fourthLate = sensor.lastReadingAt.map { $0.duration(to: .now) }
            }
            // Every reading before the pause heard: the sensor may send the next, once let go.
            if read.heard.count == pausing.count - 1 { pause.heardBeforeThePause() }
            // Something heard once the last reading was sent: the sensor may finish.
            if sensor.delivered == pausing.count { pause.heardSinceTheLast() }
        }
        read.endedAfterFinish = sensor.finishedAt.map { $0.duration(to: .now) }
        return read
    }
    var read = result
    (read.held, read.afterwards, read.lastUnheardAtTheEnd) = (held, afterwards, pause.lastUnheardAtTheEnd)
    read.lastBeforeThePauseUnheard = pause.lastBeforeThePauseUnheard
    // Two events come afterwards, the reading and the end, and a task may run of itself a few times
    // for each: a stream read through an actor of the answer's hopped there and back three times for
    // each (6 in all, refused as a loop while 4 were allowed; helper 153's audit). A yield loop that
    // looks for either runs hundreds of times.
    read.afterwards.ownRunsAllowed = 8
    return read
}

/// The steps of the pausing sensor after its pause, run when the check lets them, each on a
/// Dispatch thread, in no task, as the sensor's own timer runs them. The pause begins as the
/// sensor hands over its next reading: after the third reading's onReading has returned, so
/// whatever that reading woke was woken already (`began`). The reading comes when the check lets
/// it go, 500 ms after the pause began at the soonest (`letGo`), and only once the reader has heard
/// every reading before the pause (`heardBeforeThePause`), or 3 s after the pause began if it never
/// does: a stream that handed the readings on two at a time kept the third back through the whole
/// pause and passed (helper 169's audit), since only the reading after the pause was timed. The
/// sensor's end comes 200 ms after that reading at the soonest, and only once the reader has heard
/// something since it was sent (`heardSinceTheLast`), or 3 s after it if it never does (a stream
/// that lost it).
final class HeldPause: Sendable {
    let began = Gate()
    static let giveUp = Duration.seconds(3)
    private struct State {
        var steps = 0
        var reading: (step: @Sendable () -> Void, soonest: ContinuousClock.Instant)?
        var end: (step: @Sendable () -> Void, soonest: ContinuousClock.Instant)?
        var lettingGo = false
        var heardBeforeThePause = false
        var pauseBeganAt: ContinuousClock.Instant?
        var unheardBeforeThePause: Duration?
        var heard = false
        var sentAt: ContinuousClock.Instant?
        var unheardAtTheEnd: Duration?
    }
    private let state = Locked(State())

    var lastUnheardAtTheEnd: Duration? { state.withLock { $0.unheardAtTheEnd } }
    var lastBeforeThePauseUnheard: Duration? { state.withLock { $0.unheardBeforeThePause } }

    /// The sensor's `afterThePause`: the first step is its reading, the second its end.
    func schedule(_ milliseconds: Int, _ step: @escaping @Sendable () -> Void) {
        let soonest = ContinuousClock.now + .milliseconds(milliseconds)
        let number = state.withLock { state -> Int in
            state.steps += 1
            if state.steps == 1 {
                state.reading = (step, soonest)
                state.pauseBeganAt = .now
            }
            if state.steps == 2 {
                state.end = (step, soonest)
                state.sentAt = .now
            }
            return state.steps
        }
        switch number {
        case 1:
            began.open()
            release()
        case 2:
            release()
            // The backstop: a stream that lost the reading never hears it.
            Self.run(at: .now + Self.giveUp) { [self] in
                let end = state.withLock { state -> (@Sendable () -> Void)? in
                    guard let end = state.end else { return nil }
                    state.end = nil
                    state.unheardAtTheEnd = state.sentAt.map { $0.duration(to: .now) }
                    return end.step
                }
                end?()
            }
        default:
            Self.run(at: soonest, step)
        }
    }

    func letGo() {
        let began = state.withLock { state in
            state.lettingGo = true
            return state.pauseBeganAt ?? .now
        }
        release()
        // The backstop: a stream that keeps the reading before the pause back never hands it on
        // until a later one comes.
        Self.run(at: began + Self.giveUp) { [self] in
            let reading = state.withLock { state -> (@Sendable () -> Void)? in
                guard let reading = state.reading else { return nil }
                state.reading = nil
                state.unheardBeforeThePause = state.pauseBeganAt.map { $0.duration(to: .now) }
                return reading.step
            }
            reading?()
        }
    }

    func heardBeforeThePause() {
        state.withLock { $0.heardBeforeThePause = true }
        release()
    }

    func heardSinceTheLast() {
        state.withLock { $0.heard = true }
        release()
    }

    /// Runs each held step the check has let go, at its soonest moment.
    private func release() {
        let due = state.withLock { state -> [(@Sendable () -> Void, ContinuousClock.Instant)] in
            var due: [(@Sendable () -> Void, ContinuousClock.Instant)] = []
            if state.lettingGo, state.heardBeforeThePause, let reading = state.reading {
                due.append(reading)
                state.reading = nil
            }
            if state.heard, let end = state.end {
                due.append(end)
                state.end = nil
            }
            return due
        }
        for (step, soonest) in due { Self.run(at: soonest, step) }
    }

    private static func run(at moment: ContinuousClock.Instant, _ step: @escaping @Sendable () -> Void) {
        let left = max(.zero, ContinuousClock.now.duration(to: moment))
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(left.seconds * 1e9)), execute: step)
    }
}
