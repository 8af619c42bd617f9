import LabConsole
import LabCore
import LabTrace

/// What a running variant works with: the scaled clock, a probe, the console,
/// the seed for its services, and a place to record what it measured.
public final class LessonContext: Sendable {
    public let options: LessonOptions
    public let console: Console
    public let probe: Probe
    public let work: SimulatedWork
    private let recorded = Locked<[Figure]>([])
    private let statedTexts = Locked<[String]>([])

    public init(options: LessonOptions, console: Console, probe: Probe = Probe()) {
        self.options = options
        self.console = console
        self.probe = probe
        self.work = SimulatedWork(scale: options.scale)
    }

    public var scale: TimeScale { options.scale }

    public func record(_ key: String, _ label: String, seconds: Double) {
        record(Figure(key: key, label: label, value: seconds, unit: .seconds))
    }

    public func record(_ key: String, _ label: String, count: Int) {
        record(Figure(key: key, label: label, value: Double(count), unit: .count))
    }

    public func record(_ key: String, _ label: String, flag: Bool) {
        record(Figure(key: key, label: label, value: flag ? 1 : 0, unit: .flag))
    }

    public func record(_ key: String, _ label: String, ratio: Double) {
        record(Figure(key: key, label: label, value: ratio, unit: .ratio))
    }

    public func record(_ key: String, _ label: String, text: String) {
        record(Figure(key: key, label: label, value: 0, unit: .text, text: text))
    }

    /// Records a figure the variant shows in its own table: in `--json`, not in the "Measured" list.
    public func recordInTable(_ figure: Figure) {
        var unlisted = figure
        unlisted.listed = false
        record(unlisted)
    }

    public func record(_ figure: Figure) {
        recorded.withLock { figures in
            figures.removeAll { $0.key == figure.key }
            figures.append(figure)
        }
    }

    public var figures: [Figure] { recorded.withLock { $0 } }

    public func figure(_ key: String) -> Figure? { figures.first { $0.key == key } }

    /// Seconds of source time, for narration: "5 s (250 ms at this scale)". A setting, not a
    /// measurement: recorded as stated, so a sentence may say it.
    public func describe(sourceSeconds seconds: Double) -> String {
        let real = seconds * scale.factor
        let source = "\(seconds.formatted(significantDigits: 3)) s"
        statedTexts.withLock { $0.append(source) }
        return scale == .realTime ? stated(seconds: real) : "\(source) (\(stated(seconds: real)) at this scale)"
    }

    /// A duration the narration states as a fact of the scenario or a setting (a 60 Hz frame is
    /// 16.7 ms; the helper's work is calibrated for 20 ms), not as something this run measured.
    public func stated(seconds: Double) -> String {
        let text = seconds.formattedAsDuration
        statedTexts.withLock { $0.append(text) }
        return text
    }

    /// A ratio the narration uses as a rule ("about the same: within 1.5×"), not a measurement.
    public func stated(ratio: Double) -> String {
        let text = ratio.formattedAsRatio
        statedTexts.withLock { $0.append(text) }
        return text
    }

    /// What `stated(seconds:)`, `stated(ratio:)` and `describe(sourceSeconds:)` said.
    public var statedFigures: [String] { statedTexts.withLock { $0 } }
}
