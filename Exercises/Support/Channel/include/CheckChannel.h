// The check's private line to the grader. `lab check` compiles it with every check;
// your exercise's module cannot import it.
//
// The grader starts the check with two extra descriptors: 3 carries, once, a secret
// fresh for this run; 4 carries the check's records back. A record counts only if it
// carries the secret, and the secret is read (and fd 3 closed) before any of your code
// runs: printing "✔" or calling exit(0) cannot produce a verdict. (The grader refuses a
// module with code that would run before the check: see docs/THREAT-MODEL.md.) The
// sandbox's limits are applied by the grader's launcher before the check starts.
//
// One concept a file: channel.c (the secret and the records), pool_watch.c (the jobs handed to
// the pool and the main actor's executor, through the runtime's hooks), task_interposers.c (the
// runtime's entry points the program defines: tasks made, hops asked for), timer_hold.c (the
// timers tasks arm, kept back), clock_reads.c (how often a thread read the time), task_id_set.c
// (a set of task ids); runtime_watch.h is what the C files share.
#ifndef CHECK_CHANNEL_H
#define CHECK_CHANNEL_H
#include <stdint.h>

/// Reads the secret and, on Linux, arranges that a system call the sandbox refuses is
/// reported by name. Returns 0, or -1 when the check was not started by the grader.
int lab_check_open(void);

/// Sends one record ("plan", "pass", "fail", "waiting") with its text.
void lab_check_record(const char *kind, const char *text);

#if defined(__linux__)
/// Sends the build's fingerprint, which the grader's link wrote into this binary.
void lab_check_send_build_fingerprint(void);
#endif

/// Sends the final record and ends the process with `status`.
void lab_check_finish(int status) __attribute__((noreturn));

/// Starts watching the jobs this process hands the shared pool of threads (the Swift runtime's
/// swift_task_enqueueGlobal_hook): a task started, woken or hopping there. Jobs of the calling task
/// are left out. Returns 0, or -1 where the runtime has no such hook (then nothing
/// is counted). A check calls it before your code runs.
int lab_check_pool_watch(void);

/// The tasks handed to the pool since the last mark (or the watch's start), but as they start, hop
/// of themselves, or are sent a message by a task of the program's: a task seen there or made by
/// the program before, or made before the mark (one the runtime made since is forgiven its first
/// sighting). Counts afresh from now.
unsigned long long lab_check_pool_mark(void);

/// As `lab_check_pool_mark`, and writes to `by_timers` how many of those tasks were handed over as
/// a one-shot timer that a task of the answer's armed fired (a sleep's end, where the runtime's
/// timers reach the program's definitions: see `lab_check_timers_hold`; else 0).
unsigned long long lab_check_pool_mark_counting_timers(unsigned long long *by_timers);

/// Until the next mark, counts only the tasks handed to the pool within `nanoseconds` from now: a
/// hold's end, fixed before the answer starts. A task handed over later is past the hold, however
/// late the check reads the count (a busy machine's timer, or the check's task given a thread late).
void lab_check_pool_count_until(unsigned long long nanoseconds);

/// Records the calling task as seen on the pool, so that it counts from its first wake there: a
/// task the check starts to run the answer's code in, whose first sighting is no hop as it begins.
void lab_check_pool_seen_current(void);

/// 1 when the calling thread is running a task the program made (or the check's, or a hold's): a
/// task it hands over now is sent a message by the program, not woken by a timer or a callback.
int lab_check_sent_by_the_program(void);

/// 1 when the calling thread is running a task, whose id it writes to `id`; else 0. With
/// `lab_check_made_by_the_program`, read later: a task the program made is recorded as its
/// maker's `swift_task_create` returns, and one that began at once on another thread (on the main
/// actor, or on an actor's turn) may hand a task over before that.
int lab_check_running_task_id(uint32_t *id);

/// 1 when the task with this id was made by the program (or is the check's, or a hold's).
int lab_check_made_by_the_program(uint32_t id);

/// 1 when the task with this id was made by the program from a thread that ran no task (a
/// `Task {}` in a queue's block or a thread's body; the check's own first task, too); 0 when made in
/// a task (a child, a `Task {}`, a `Task.detached`), or not seen made (an `async let`'s child, which
/// the runtime makes); -1 where the channel does not watch the runtime (a compiler without Swift's
/// calling convention).
int lab_check_made_from_a_thread(uint32_t id);

/// Starts counting the jobs the calling thread hands the pool or the main actor's executor
/// (swift_task_enqueueMainExecutor_hook too): in synchronous code, each is a task it started.
/// With `hold_back`, those jobs are also kept back until the count ends (or until
/// `lab_check_starts_let_go`): a task the code started cannot begin before the code returns, so
/// code that waits for its task to begin waits until it is let go. Returns this count's
/// generation (1 or more), or -1 where the runtime lacks either hook (then nothing is counted).
long long lab_check_starts_begin(int hold_back);

/// Stops that count, hands over the jobs kept back, and returns the count. `let_go_first` is set to
/// 1 when `lab_check_starts_let_go` had let jobs go before the count ended, else 0.
unsigned long long lab_check_starts_end(int *let_go_first);

/// Hands over the jobs kept back by the count of `generation`, if it is still going: the check's
/// patience with code that has not returned.
void lab_check_starts_let_go(long long generation);

/// Starts keeping back the timers that tasks other than the calling one arm (`Task.sleep`, a
/// clock's sleep: libdispatch's `dispatch_after_f` and `dispatch_source_set_timer`, defined in the
/// program before libdispatch's), until `lab_check_timers_let_go`: a task that sleeps meanwhile
/// wakes only after that. Returns 0, or -1 where the runtime's calls to libdispatch do not reach
/// the program's definitions (anywhere but Linux: macOS's two-level namespace).
int lab_check_timers_hold(void);

/// Arms the timers kept back since `lab_check_timers_hold`, each as it was asked for (at once if
/// its moment has passed), ends the hold and returns how many were kept.
int lab_check_timers_let_go(void);

/// Every timer armed so far through the program's definitions of libdispatch's two calls, by
/// anyone: 0 where the runtime's calls do not reach them (anywhere but Linux), which a check tells
/// by arming one itself (a sleep) first.
unsigned long long lab_check_timers_armed(void);

/// The timers armed so far by tasks other than the check's own whose firing the pool watch cannot
/// tell (`lab_check_pool_mark_counting_timers`): each repeating source's
/// (`dispatch_source_set_timer`: a sleep with a tolerance), and a one-shot timer's when too many
/// are waiting to fire to keep them all.
unsigned long long lab_check_timers_out_of_sight(void);

/// How often the calling thread has read the time so far (`clock_gettime` and `gettimeofday`,
/// defined in the program before the C library's: the Swift runtime's clocks, `Date` and
/// `ProcessInfo.systemUptime` read it there). Stays 0 where a library's calls do not reach the
/// program's definitions (anywhere but Linux): a check reads a clock itself first to tell.
unsigned long long lab_check_clock_reads(void);

/// The unstructured tasks this program has created since it began, on any thread: each
/// `Task {}`, `Task.detached {}` and `Task.immediate {}` (not a group's or `async let`'s child,
/// which its parent awaits). Counted by a
/// `swift_task_create` of the check's own that forwards to the runtime's; where the runtime's calls
/// do not reach it, the count stays 0, which a check tells by creating one task itself first.
unsigned long long lab_check_tasks_created(void);

/// Every task begun so far (a child task too) by a task other than the check's own, leaving out
/// those begun past the end of a hold (`lab_check_pool_count_until`) until the next mark.
unsigned long long lab_check_tasks_begun(void);

/// The tasks being made at this moment, on any thread, whose making is not yet recorded: a task
/// made in a callback, started at once on the main actor or on an actor's turn, may run on another
/// thread and hand a task over before its maker's `swift_task_create` has returned (on one CPU
/// beside a busy process, most runs of 10's main-actor alternative).
unsigned long long lab_check_tasks_being_made(void);

/// The task this thread is moving onto another executor at this moment (inside the runtime's
/// `swift_task_switch`, called by the program's code), or NULL: an executor handed that task now is
/// handed it by the task's own hop (back from the main actor, say), not by an event waking it.
const void *lab_check_hopping_task(void);

/// Whether `job`, handed to an executor now, is handed over by the hop of the task this thread is
/// moving (`lab_check_hopping_task`): that task itself, or an actor's turn, not a task, that the hop
/// began by coming to the actor while it was idle. Back from the main actor onto an actor that a
/// task prefers an executor for, the runtime hands that executor the actor's turn, not the task:
/// where the actor went idle while the task was away (most runs on a crowded machine), 24's
/// solution that first awaited a main-actor function was told it was woken from outside (helper 168).
int lab_check_handed_by_a_hop(const void *job);

#endif
