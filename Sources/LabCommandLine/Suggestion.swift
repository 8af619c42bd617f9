/// "Did you mean": the closest candidate within a small edit distance, or a unique prefix match.
public enum Suggestion {
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let lowered = word.lowercased()
        let scored = candidates.map { ($0, editDistance(lowered, $0.lowercased())) }
        if let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.count / 3) {
            return best.0
        }
        let prefixed = candidates.filter { $0.lowercased().hasPrefix(lowered) || lowered.hasPrefix($0.lowercased()) }
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// Levenshtein distance.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(
                    previous[j] + 1, current[j - 1] + 1,
                    previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
