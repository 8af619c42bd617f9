import CLabShims
import Foundation

/// Waiting for a child's output and for its end in one `poll(2)`, instead of waking every few
/// milliseconds to ask `waitpid` whether it has ended: the lab's own rule for answers ("a timer
/// looks again and again; await the event itself"), kept by its watchers. On Linux the end is a
/// descriptor of its own (a pidfd, readable once the child has ended), polled beside the
/// pipes. Where there is none (macOS, Linux before 5.3), the watcher looks again after
/// `fallbackMilliseconds`, as it always did.
///
/// A watcher woken 200 times a second per child cost the grader, per compile, link and check,
/// CPU and context switches beside the answers' own, and up to 5 ms before it saw each end
/// (docs/MEASUREMENTS.md, session 63).
public struct ChildExit: ~Copyable {
    /// The pidfd, or -1 where there is none.
    private let descriptor: Int32
    /// How often a watcher without a pidfd looks.
    let fallbackMilliseconds: Int32

    /// For `pid`, a child of this process not yet reaped (so its number cannot be reused).
    public init(of pid: pid_t, fallbackMilliseconds: Int32) {
        #if os(Linux)
            let opened = lab_pidfd_open(pid)
            descriptor = opened >= 0 ? opened : -1
            if opened >= 0 { _ = fcntl(opened, F_SETFD, FD_CLOEXEC) }
        #else
            descriptor = -1
        #endif
        self.fallbackMilliseconds = fallbackMilliseconds
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Waits until one of `pipes` has something to read or has closed, the child has ended, or
    /// `limit` has passed (where there is no pidfd, `fallbackMilliseconds` at most); each pipe's
    /// `revents` is set as `poll(2)` sets it.
    public func wait(for pipes: inout [pollfd], atMost limit: Duration) {
        var timeout = Int32(clamping: max(0, limit.milliseconds))
        if descriptor >= 0 {
            pipes.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
        } else {
            timeout = min(timeout, fallbackMilliseconds)
        }
        _ = poll(&pipes, nfds_t(pipes.count), timeout)
        if descriptor >= 0 { pipes.removeLast() }
    }
}

extension Duration {
    /// Whole milliseconds, rounded up (a poll that wakes a little early only looks again).
    fileprivate var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    }
}
