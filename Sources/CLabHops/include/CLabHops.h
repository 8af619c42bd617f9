// Counting executor hops: how often a program's async code changed executor, and how many
// jobs it handed to the global pool. See hops.c for what is counted
// and how, and docs/HARNESS.md ("Executor hops") for what the figures mean.
#ifndef CLAB_HOPS_H
#define CLAB_HOPS_H

typedef struct {
    /// Executor switches asked for by this program's own compiled code (each `await` that
    /// enters or leaves an actor, the main actor, or returns to the pool) where the target
    /// executor differed from the current one: made inline on the same thread or by enqueueing.
    unsigned long long switches;
    /// Jobs handed to the global concurrent pool: a new task starting, a suspended task
    /// resuming there, a task returning to the pool from the main thread.
    unsigned long long enqueues;
} lab_hop_counts;

/// 1 where hops are counted (Linux, this program links the counter, the runtime's entry
/// points were found), 0 elsewhere.
int lab_hops_available(void);
/// The totals since the process started, over all threads.
lab_hop_counts lab_hops_read(void);

/// Counting on (1) or off (0): off, a switch costs the interposer's jump and one branch
/// (how `lab bench "measurement costs"` measures what counting costs).
void lab_hops_set_counting(int on);

/// Does what counting adds to one executor switch, `times` times, and no switch: the same
/// runtime reads, comparison and atomic add, on a scratch counter (the counts stay true).
/// What the "measurement cost: hop counter" suite times.
void lab_hops_count_without_switching(unsigned long long times);

/// From now on, also count apart what the calling task does: its own switches, and the jobs
/// enqueued while it runs (the tasks it starts, its hop back to the pool) or to resume it.
/// One task at a time; call from the task itself (it reads the runtime's current task).
void lab_hops_watch_current_task(void);
/// The watched task's counts so far, then stops watching.
lab_hop_counts lab_hops_unwatch(void);
#endif
