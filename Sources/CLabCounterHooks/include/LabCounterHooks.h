// Where a program's opt-in counters make themselves known to LabBench.
// The hop counter (Sources/CLabHops) and the retain counter (Sources/CLabRetains) each define a
// Swift runtime entry point in the program that links them (swift_task_switch; swift_retain,
// swift_release and their family), which costs every call to it a jump and a branch even with
// counting off. So each is linked only into programs that ask — `lab`, the tests, and a LabBench
// user's program that adds the LabHopCounter or LabRetainCounter product — and installs itself
// here before main. LabBench reads the counts through these tables, or says the counts are not
// taken in this program when no counter was installed.
#ifndef LAB_COUNTER_HOOKS_H
#define LAB_COUNTER_HOOKS_H

typedef struct {
    /// Executor switches asked for by this program's own compiled code (each `await` that
    /// enters or leaves an actor, the main actor, or returns to the pool) where the target
    /// executor differed from the current one: made inline on the same thread or by enqueueing.
    unsigned long long switches;
    /// Jobs handed to the global concurrent pool: a new task starting, a suspended task
    /// resuming there, a task returning to the pool from the main thread.
    unsigned long long enqueues;
} lab_hop_counts;

typedef struct {
    /// The totals since the process started, over all threads.
    lab_hop_counts (*read)(void);
    /// Counting on (1) or off (0): off, a switch costs the interposer's jump and one branch.
    void (*set_counting)(int on);
    /// Does what counting adds to one executor switch, `times` times, and no switch (the
    /// counts stay true): what the "measurement cost: hop counter" suite times.
    void (*count_without_switching)(unsigned long long times);
    /// From now on, also count apart what the calling task does (one task at a time).
    void (*watch_current_task)(void);
    /// The watched task's counts so far, then stops watching.
    lab_hop_counts (*unwatch)(void);
} lab_hop_counter;

typedef struct {
    /// Strong retains asked of the runtime (swift_retain, swift_bridgeObjectRetain, and the
    /// `_n` forms counted n times).
    unsigned long long retains;
    /// Strong releases, likewise.
    unsigned long long releases;
} lab_retain_counts;

typedef struct {
    /// The totals since the process started, over all threads.
    lab_retain_counts (*read)(void);
    /// The calling thread's own totals.
    lab_retain_counts (*read_this_thread)(void);
    /// Counting on (1) or off (0): off, a retain costs the interposer's jump and one branch.
    void (*set_counting)(int on);
    /// One swift_retain and swift_release of `object`: through the interposer, as any code
    /// calls them, or straight to the runtime's (bypassing it). Timed side by side by the
    /// "measurement cost: retain counter" suite.
    void (*pair_interposed)(void *object);
    void (*pair_direct)(void *object);
} lab_retain_counter;

/// Called once by a counter, from a constructor, before main.
void lab_hop_counter_install(const lab_hop_counter *counter);
/// The installed counter, or NULL where this program links none (or none works here).
const lab_hop_counter *lab_hop_counter_installed(void);

void lab_retain_counter_install(const lab_retain_counter *counter);
const lab_retain_counter *lab_retain_counter_installed(void);
#endif
