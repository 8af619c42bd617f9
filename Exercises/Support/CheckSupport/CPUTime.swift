import LabCore

/// CPU time this process has used (all threads), in seconds: waiting uses none, computing does,
/// however late a busy machine runs it (01).
func processCPUSeconds() -> Double { ProcessUsage.now().cpuSeconds }

/// CPU time the calling thread has used, in seconds: on the main actor, the main actor's own work
/// (16), not the work of other threads beside it.
func threadCPUSeconds() -> Double { ProcessUsage.callingThreadCPUSeconds() }
