// What the pool watch (pool_watch.c) and the runtime's entry points the program defines
// (task_interposers.c) share. Not part of the channel's interface (include/CheckChannel.h): no
// check's Swift code sees these, and the grader refuses an answer that names any `lab_check_`.
#ifndef LAB_CHECK_RUNTIME_WATCH_H
#define LAB_CHECK_RUNTIME_WATCH_H
#include <stdint.h>

// The runtime's hooks and entry points have Swift's calling convention (clang's swiftcall); where
// the compiler lacks it, nothing is watched and the channel's functions say so.
#if defined(__clang__) && __has_attribute(swiftcall)
#define LAB_CHECK_WATCHES_THE_RUNTIME 1

// A job's kind and id, where the runtime's executor interface keeps them (its `SwiftJob`: the
// object's two header words, the scheduler's two, then the flags, whose low byte is the kind, then
// the id; the runtime warns that schedulers rely on the flags' place). Kind 0 is a task, whose id
// is the low half of its task id; 192 and above are the runtime's own jobs, an actor's turn among them.
typedef struct {
    void *metadata;
    uintptr_t reference_counts;
    void *scheduler_private[2];
    uint32_t flags;
    uint32_t id;
} lab_check_job_header;

static inline int lab_check_job_is_task(void *job) { return (((const lab_check_job_header *)job)->flags & 0xff) == 0; }
static inline uint32_t lab_check_job_id(void *job) { return ((const lab_check_job_header *)job)->id; }

/// The task running on this thread, if any (the runtime's swift_task_getCurrent, looked up once).
void *lab_check_running_task(void);

/// The task that started the watch (the check's own), or NULL before it started.
void *lab_check_watching_task(void);

/// Inside a task's creation on this thread (`swift_task_create`, `swift_asyncLet_begin`): what
/// it hands over then is the new task's start.
extern _Thread_local int lab_check_creating_task;

/// Whether the hold being counted has ended (the deadline `lab_check_pool_count_until` set, until
/// the next mark): what the program does from then on is its answer to the event the check lets
/// come after the hold, not something it did while it should have waited.
int lab_check_past_the_hold(void);

/// Set on a thread while it runs the work of a one-shot timer that a task of the answer's armed
/// (timer_hold.c): a task handed to the pool then is woken by that timer (a sleep's end).
extern _Thread_local int lab_check_in_an_answers_timer;

/// A task the program made, with its id: known as the program's, seen from its making if
/// `by_the_answer`, made from a thread if `from_a_thread` (see `lab_check_made_from_a_thread`), and
/// the newest id made (a mark takes it: a task with a later id was made since).
void lab_check_note_made(uint32_t id, int by_the_answer, int from_a_thread);
#endif

#endif
