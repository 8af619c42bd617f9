import Foundation

/// How long this process's threads wanted a CPU, in seconds: the time they ran plus the time they
/// waited in line for one (Linux's /proc/self/task/*/schedstat, whose first two figures are
/// these, in ns). A loop that never sleeps wants a CPU the whole time however crowded the CPU is,
/// while its CPU time shrinks with the share it gets: a check in a session of its own beside
/// fifteen busy ones gets a sixteenth of a CPU, and a loop there used 6% of a hold in CPU. Code
/// that waits wants next to none. Nil where the kernel does not say (macOS, or no schedstat);
/// a thread that ended meanwhile is not counted, so the figure errs short, never long.
func processRunnableSeconds() -> Double? {
    let tasks = "/proc/self/task"
    guard let threads = try? FileManager.default.contentsOfDirectory(atPath: tasks) else { return nil }
    let each = threads.compactMap { runnableNanoseconds(schedstat: "\(tasks)/\($0)/schedstat") }
    return each.isEmpty ? nil : Double(each.reduce(0, +)) / 1e9
}

/// One thread's ran-plus-waited nanoseconds from a schedstat file (its first two figures); nil
/// when there is none. `ThreadActivity` reads the calling thread's with it.
func runnableNanoseconds(schedstat path: String) -> UInt64? {
    guard let line = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    let figures = line.split(separator: " ").prefix(2).compactMap {
        UInt64($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    return figures.count == 2 ? figures[0] + figures[1] : nil
}
