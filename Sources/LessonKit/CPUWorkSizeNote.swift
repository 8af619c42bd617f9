import LabCore

/// CPU work in a lesson is sized from a timing of this CPU taken when the run began
/// (`CPUWork.unitsPerSecond`), so "250 ms of parsing" is 250 ms of work at that speed. Where the
/// work's measured times are far from the size stated (a CPU shared with other work, or whose
/// speed changed since: a virtual machine's host moving it, power management), the lesson says
/// so beside them, so that the stated size is not read as the measured one (an audit saw
/// "250 ms at this scale" beside jobs that took 156 and 162 ms).
public enum CPUWorkSizeNote {
    /// Times within this factor of the stated size need no note: a CPU's ordinary spread.
    static let tolerance = 1.3

    /// The note, or nil where every measured time is within `tolerance` of `stated` (seconds).
    public static func sentence(stated: Double, measured: [Double], what: String = "The job") -> String? {
        guard stated > 0, let shortest = measured.min(), let longest = measured.max() else { return nil }
        guard shortest < stated / tolerance || longest > stated * tolerance else { return nil }
        let range =
            shortest == longest
            ? "it took \(longest.formattedAsDuration)"
            : "it took from \(shortest.formattedAsDuration) to \(longest.formattedAsDuration)"
        let why =
            longest > stated * tolerance && shortest < stated / tolerance
            ? "the CPU ran it slower at times (shared with other work) and faster at others (its speed changed since the timing)"
            : longest > stated * tolerance
                ? "a CPU shared with other work runs it slower" : "the CPU ran faster than when it was timed"
        return
            "\(what) was sized as \(stated.formattedAsDuration) of CPU work from a timing of this CPU taken when the run began; here \(range): \(why)."
    }
}
