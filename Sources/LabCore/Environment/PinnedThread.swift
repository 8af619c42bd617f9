import CLabShims

/// Pins the calling thread to one of the CPUs this process may use, the `index`-th (counting
/// round): a thread that must wake on every CPU (check 12's wakers, which make the kernel
/// switch the counting threads wherever they run) cannot leave that to the scheduler, which
/// wakes a thread on the CPU it last ran on. Returns whether it was pinned; on macOS, which has
/// no affinity, it never is.
@discardableResult
public func pinCallingThread(toUsableCPU index: Int) -> Bool {
    #if os(Linux)
        return lab_pin_calling_thread_to_allowed_cpu(Int32(truncatingIfNeeded: index)) == 0
    #else
        return false
    #endif
}
