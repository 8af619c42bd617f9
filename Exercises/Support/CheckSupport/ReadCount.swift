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
