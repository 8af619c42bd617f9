/// A measured count with its noun, singular when the count is one: "1 thread", "2 threads".
/// A figure from the run can be 1 on a one-CPU machine (a pool of one thread), so any sentence
/// that prints a count before a noun says it through here. Shared by the lessons and `lab doctor`.
public enum CountWords {
    /// "1 thread", "0 threads", "2 threads"; `plural` when adding "s" is wrong.
    public static func of(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }

    /// The word that agrees with `count`: `were(1)` is "was", `were(2)` is "were".
    public static func were(_ count: Int) -> String { count == 1 ? "was" : "were" }
}
