import Foundation

/// CPU seconds this process and the children it has waited for have used so far: what a
/// batch of builds and checks cost, whatever else the machine ran meanwhile.
enum CPUTime {
    static func processAndChildren() -> Double {
        #if os(Linux)
            return seconds(RUSAGE_SELF.rawValue) + seconds(RUSAGE_CHILDREN.rawValue)
        #else
            return seconds(RUSAGE_SELF) + seconds(RUSAGE_CHILDREN)
        #endif
    }

    private static func seconds(_ who: Int32) -> Double {
        var usage = rusage()
        getrusage(who, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }
}
