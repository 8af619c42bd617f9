import Dispatch
import Foundation
import LabCore

// Given: compiled into your module (StudentCode) beside your file, so your code can use it.
/// A sensor with a callback API: a reading every 5 ms on a background queue (after the first
/// `pausingAfter` readings, if given, one every 500 ms: a sensor that has gone quiet; it then
/// finishes 200 ms after its last reading).
final class CaffeineSensor: Sendable {
    private let state = Locked((running: false, delivered: 0, lastReadingAt: ContinuousClock.Instant?.none))
    private let values: [Double]
    private let pausingAfter: Int?
    private let interval: Int

    /// `interval`: milliseconds between readings (5 unless given).
    init(values: [Double], pausingAfter: Int? = nil, interval: Int = 5) {
        self.interval = interval
        self.values = values
        self.pausingAfter = pausingAfter
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
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(wait)) { [self] in
            guard state.withLock({ $0.running }) else { return }
            if number > values.count {
                state.withLock { $0.running = false }
                finished.withLock { $0 = .now }
                return onFinish()
            }
            state.withLock {
                $0.delivered += 1
                $0.lastReadingAt = .now
            }
            onReading(values[number - 1])
            tick(number + 1, onReading, onFinish)
        }
    }
}

// MARK: - The check
import Dispatch
import Foundation
import LabCore
@testable import StudentCode

let plannedExpectations = 4

func runCheck(_ report: CheckReport) async {
    let still = await StillnessWatch()
    // More readings than a small buffer holds: a stream that keeps only the newest few (an audit's
    // `.bufferingNewest(5)`, others' 32 and 100) loses some to the reader below, which falls behind
    // the whole feed: 300–500 readings, one a millisecond.
    let count = CheckServices.random(in: 300...500)
    var expected = (0..<count).map { _ in Double(CheckServices.random(in: 1...400)) }
    // Some readings repeat the one before, as a steady sensor's do: a stream that drops a repeat
    // (an audit's passed whenever the draw had none) loses one.
    for _ in 0..<CheckServices.random(in: 3...6) {
        let at = CheckServices.random(in: 1...(count - 1))
        expected[at] = expected[at - 1]
    }
    let sensor = CaffeineSensor(values: expected, interval: 1)
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
    report.expect(values == expected, "all \(count) readings, in order, and the stream ended",
                  otherwise: firstWrong == 0
                      ? "the first reading was \(values.first ?? 0), not \(expected.first ?? 0), the one the sensor sent: yield the sensor's readings"
                      : values.count < count && firstWrong == nil
                      ? "\(values.count) of the \(count) readings arrived, the first \(values.count): the stream ended early, or the rest never came"
                      : values.count < count
                          ? "\(values.count) of the \(count) readings arrived, reading \(firstWrong.map { $0 + 1 } ?? 0) onward not as sent: some were lost on the way; yield every reading the sensor sends, in order (repeats too)"
                          : "\(values.count) readings for \(count) sent; reading \(firstWrong.map { $0 + 1 } ?? count + 1) was not the one sent: yield each reading once, in order")
    // A sensor that pauses half a second before its last reading: the stream ends when the sensor
    // finishes, not when it has been quiet a while (a watchdog that ended it after 100 ms of
    // silence passed).
    // It finishes 200 ms after that reading, sooner than its pause: a stream that ends after a
    // silence long enough to outlast the pause ends 300 ms or more after the sensor finished, so no
    // silence passes both (700 ms passed the reading alone; one of 500–600 ms, both, while the
    // sensor finished 500 ms after its last reading).
    let pausing = (1...4).map { _ in Double(CheckServices.random(in: 1...400)) }
    report.waiting("a sensor that pauses 500 ms before its last reading")
    let first = await readPausing(pausing, still)
    let (heard, endedAfterFinish) = (first.heard, first.endedAfterFinish)
    // Watched again if the reader heard the third reading 150 ms or more after it was sent (a busy
    // machine, or a stream that looks now and then), twice at most.
    var pauses = [first]
    while pauses.count < 3, pauses.last?.quiet == nil { pauses.append(await readPausing(pausing, still)) }
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
    for await _ in readings(from: long) {
        read += 1
        if read == 3 { break }
    }
    // Counted from here, not from the third reading: a reader woken late by a busy machine
    // rightly finds more readings sent first. After leaving, at most the one on its way.
    let whenLeft = long.delivered
    try? await Task.sleep(for: .milliseconds(60))
    report.expect(!long.isRunning && long.delivered <= whenLeft + 1, "leaving the loop stopped the sensor",
                  otherwise: "the sensor kept running after the reader left (\(long.delivered) readings sent): stop it in onTermination (a stream made with `unfolding:` never hears the reader leave; make it from the sensor's callbacks)")
    if let watched = pauses.last, let quiet = watched.quiet {
        let fourthLate = watched.fourthLate ?? .seconds(1)
        if quiet.stillWaiting {
            report.expectInTime(fourthLate < .milliseconds(150),
                                "while the sensor was quiet (\(quiet.lasted.humanReadable) watched), nothing of your code woke, and the reading after the pause reached the reader \(fourthLate.humanReadable) after it was sent: the stream waited for the sensor",
                                otherwise: "the reading after the sensor's pause reached the reader \(fourthLate.humanReadable) after the sensor sent it: a stream that waits for onReading hands each reading on at once; one that looks at the sensor now and then, only at its next look")
        } else {
            report.fail("while the sensor was quiet for \(quiet.lasted.humanReadable), \(quiet.whatStirred ?? "") (something that sleeps and looks at the sensor, in a task of its own or in next()?): let the sensor's own callbacks, onReading and onFinish, drive the stream")
        }
    } else if let watched = pauses.last, watched.heard.count < 3 || watched.heard.prefix(3) != pausing.prefix(3) {
        // Its first readings lost or changed: how late each came cannot be told (a stream that
        // dropped the first reading was told it heard the third "never").
        report.fail(
            "the sensor's pause could not be watched: its reader heard \(watched.heard), not the readings sent (\(pausing)), so when each reached it cannot be told: yield every reading the sensor sends, as sent")
    } else {
        let lates = pauses.map { $0.thirdLate.map(\.humanReadable) ?? "never" }.joined(separator: ", ")
        report.late(
            "three times, the reading before the sensor's pause reached the reader 150 ms or more after the sensor sent it (\(lates)): a stream that waits for onReading hands each reading on at once; one that looks at the sensor now and then, only at its next look")
    }
}

/// A sensor's pause, as one reader read it (see readPausing).
struct PauseRead: Sendable {
    var heard: [Double] = []
    var endedAfterFinish: Duration?
    /// How long after the sensor sent them the third and fourth readings reached the reader.
    var thirdLate: Duration?
    var fourthLate: Duration?
    /// What stirred the answer's code during the pause; nil when it went unwatched.
    var quiet: Stirrings?
}

/// Reads a sensor that pauses 500 ms before its last reading, in a task of its own (not the
/// check's, which the pool watch leaves out: a stream that looks at the sensor from inside next()
/// looks in the reader's task), and watches the pause while the reader waits in next(): from the
/// third reading heard until 20 ms before the fourth can come (500 ms after the third was sent).
/// A stream that waits for onReading wakes nothing of the answer's meanwhile and hands each
/// reading on at once; one that looks at the sensor every P ms is woken in the pause or hears the
/// third reading late (a window of 330 ms at least, watched only when the third came within
/// 150 ms), and hears the fourth up to P ms late.
func readPausing(_ pausing: [Double], _ still: StillnessWatch) async -> PauseRead {
    let sensor = CaffeineSensor(values: pausing, pausingAfter: 3)
    let thirdHeard = Gate()
    let reader = Task {
        var read = PauseRead()
        for await value in readings(from: sensor) {
            read.heard.append(value)
            // How late, if this is the sensor's latest reading (a stream that lost one hears another).
            let late = sensor.delivered == read.heard.count ? sensor.lastReadingAt.map { $0.duration(to: .now) } : nil
            if read.heard.count == 3 {
                read.thirdLate = late
                thirdHeard.open()
            }
            if read.heard.count == 4 { read.fourthLate = late }
        }
        thirdHeard.open()
        read.endedAfterFinish = sensor.finishedAt.map { $0.duration(to: .now) }
        return read
    }
    await thirdHeard.wait()
    var quiet: Stirrings?
    if sensor.delivered == 3, let third = sensor.lastReadingAt, third.duration(to: .now) < .milliseconds(150) {
        let fourthAtTheSoonest = third + .milliseconds(480)
        let stirrings = await still.stirrings { try? await Task.sleep(until: fourthAtTheSoonest) }.stirrings
        if sensor.delivered == 3 { quiet = stirrings }
    }
    var read = await reader.value
    read.quiet = quiet
    return read
}
