#if canImport(Glibc)
    import Glibc
    import CLabShims
#elseif canImport(Darwin)
    import Darwin
#endif

/// The OS id of the calling thread, as `top -H` or a debugger would show it.
public func currentThreadID() -> UInt64 {
    #if canImport(Glibc)
        return UInt64(lab_current_thread_id())
    #elseif canImport(Darwin)
        var id: UInt64 = 0
        pthread_threadid_np(nil, &id)
        return id
    #else
        return 0
    #endif
}
