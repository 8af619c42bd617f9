/// A count with its noun, singular when the count is one: "1 frame", "0 frames", "2 frames".
/// The checks' sentences print figures from the answer's run, and a mistake can make any of them
/// 1 (the UI froze once, a task started once), so a count before a noun is said through here. The
/// lessons' `CountWords` does the same; a check cannot import the lessons, so this is its twin.
func counted(_ count: Int, _ singular: String, plural: String? = nil) -> String {
    "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
}

/// The verb that agrees with `count`: `were(1)` is "was", `were(2)` and `were(0)` are "were".
func were(_ count: Int) -> String { count == 1 ? "was" : "were" }
