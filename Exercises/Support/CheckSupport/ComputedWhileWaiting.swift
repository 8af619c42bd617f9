/// The CPU the process used while an answer's calls should only have waited, each for a rendering
/// or a fetch that sleeps (27's thumbnails, 28's wall). Calls that await use next to none (1 ms for
/// 8 calls at once, every catalogued alternative of 27, measured); a call that looks for its result
/// again and again before it suspends holds its thread and uses a CPU while it looks (27's
/// `spins-for-40ms`: 48–84 ms for 8 calls, on two CPUs and on one; 28's: 64–215 ms), where the scan
/// sees only plain reads in a loop. A busy machine delays the calls but adds little CPU to them.
func computedWhileWaiting<T>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async -> T
) async -> (result: T, computed: Duration) {
    let before = processCPUSeconds()
    let result = await body()
    return (result, .seconds(max(0, processCPUSeconds() - before)))
}

/// How much CPU `computedWhileWaiting` lets calls that only wait use beyond what the service's
/// own work takes (27's renderer takes none; 28 adds twice what its own awaiting wall computed): 10
/// times what 27's 8 calls that await used, and under a quarter of what 8 calls spinning 40 ms used.
let computedWhileWaitingBound = Duration.milliseconds(10)
