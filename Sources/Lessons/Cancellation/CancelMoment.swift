/// Where a cancel that the cancellation lesson times for the middle of page 3 landed, said where it
/// did not land there. A page never takes less than its 2 s (its sleep never wakes early), and the
/// code that cancels never wakes early either, so fewer pages than planned mean the pages ran late,
/// and more mean the code that cancels did (measured under taskset -c 0 beside a busy CPU: 1 page
/// loaded, page 2 in flight). Shared by task-handle (cancel()) and view-task (the user leaving).
enum CancelMoment {
    /// The sentence, with a leading space, or "" where it landed mid-page 3. `pagesDone`: the
    /// pages answered when it came; `midPage`: a request was in flight then.
    static func sentence(
        pagesDone: Int, midPage: Bool, subject: String = "It", late: String = "the download",
        canceller: String = "the code that cancels"
    ) -> String {
        if midPage && pagesDone == 2 { return "" }
        let landed =
            midPage
            ? "during page \(pagesDone + 1)"
            : pagesDone == 0
                ? "before page 1 started" : "after page \(pagesDone), before page \(pagesDone + 1) started"
        let why =
            pagesDone < 3
            ? "\(late) ran late (a page's wait never ends early)"
            : "\(canceller) woke late"
        return " \(subject) was due in the middle of page 3, but \(why), so it came \(landed)."
    }
}
