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
    var nanoseconds: UInt64 = 0
    var read = false
    for thread in threads {
        guard let line = try? String(contentsOfFile: "\(tasks)/\(thread)/schedstat", encoding: .utf8) else {
            continue
        }
        let figures = line.split(separator: " ").prefix(2).compactMap {
            UInt64($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        guard figures.count == 2 else { continue }
        nanoseconds += figures[0] + figures[1]
        read = true
    }
    return read ? Double(nanoseconds) / 1e9 : nil
}
