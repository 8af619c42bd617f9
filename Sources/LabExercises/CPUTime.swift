import LabCore

/// CPU seconds this process and the children it has waited for have used so far: what a
/// batch of builds and checks cost, whatever else the machine ran meanwhile.
enum CPUTime {
    static func processAndChildren() -> Double {
        ProcessUsage.now(.thisProcess).cpuSeconds + ProcessUsage.now(.waitedForChildren).cpuSeconds
    }
}
