import LabCore

/// Suspending through a continuation that is resumed at once, `count` times, checked or
/// unsafe: what the continuations lesson's check-cost variant counts and `lab bench
/// continuations` times (one implementation for both).
///
/// `withUnsafeContinuation` on purpose: the unsafe continuation is what the check is priced
/// against. It is sound here: each one is resumed exactly once, at once, by the closure that
/// receives it. (Students may not use it: the grader's scan refuses it.)
public enum ContinuationCost {
    public static func run(checked: Bool, count: Int) async -> Int {
        var sum = 0
        for _ in 0..<count {
            sum +=
                checked
                ? await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
                    continuation.resume(returning: 1)
                }
                : await withUnsafeContinuation { (continuation: UnsafeContinuation<Int, Never>) in
                    continuation.resume(returning: 1)
                }
        }
        return sum
    }
}
