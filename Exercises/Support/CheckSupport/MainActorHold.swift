import Foundation

/// HAZARD, on purpose: holds the main actor for `duration`, as a UI stuck in work holds it, and
/// says whether `changed` became true meanwhile. Nothing isolated to the main actor can run
/// during the hold, so state that changes then was changed somewhere else (15). The hold is the
/// probe: it keeps the main thread on purpose, yielding the CPU between looks so that code
/// elsewhere runs at once, even on one CPU beside a busy process.
@MainActor
func changesWhileTheMainActorIsHeld(for duration: Duration, _ changed: () -> Bool) -> Bool {
    let end = ContinuousClock.now + duration
    while ContinuousClock.now < end {
        if changed() { return true }
        sched_yield()
    }
    return changed()
}
