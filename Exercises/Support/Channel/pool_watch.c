// The pool watch: the jobs this process hands the shared pool of threads and the main actor's
// executor, counted through the runtime's hooks (see include/CheckChannel.h).
#define _GNU_SOURCE
#include "CheckChannel.h"
#include "runtime_watch.h"
#include "task_id_set.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#ifdef LAB_CHECK_WATCHES_THE_RUNTIME
typedef __attribute__((swiftcall)) void (*pool_original)(void *job);
typedef __attribute__((swiftcall)) void (*pool_hook)(void *job, pool_original original);
typedef __attribute__((swiftcall)) void *(*current_task_function)(void);
static pool_hook previous_pool_hook;
static _Atomic(current_task_function) current_task;
// The task that started the watch: the check's own, whose wake-ups are not the answer's. A task
// is its own job, so its pointer is the job's. Read on every thread that makes or hands over a task.
static _Atomic(void *) watching_task;

// What counts, since the last mark (`pool_again`): a task handed to the pool that is neither being
// created (`lab_check_creating_task`) nor hopping of itself in the program's code
// (`lab_check_hopping_task`), and was
// seen before or made before the mark. A task the answer makes is seen from its making (in
// `swift_task_create`, task_interposers.c), wherever it starts, so every wake of it counts: a chain of tasks,
// each sleeping once, looking and starting the next, is counted once per task, detached (01's) or
// on the main actor (01's, 13's and 17's, an audit's). What is left forgiven is the first sighting
// of a task made since the mark and not yet recorded: one that hops in the runtime's own code
// (which the program's `swift_task_switch` does not see) before its making is recorded. A task
// made before the mark has no such excuse: tasks armed on an actor before a hold, each to look once
// in it, come to the pool first when woken (13's catalogued mistake). An actor's turn (work come to
// an idle actor: a new object each time, which an answer that awaits also makes as it begins) is
// not counted; the task it runs is. Tasks are told apart by their ids, which the runtime gives in
// order as it makes them: not by address, which a task made later may have again. Tasks begun
// meanwhile are counted apart (`lab_check_tasks_begun`): a chain of main-actor tasks that only
// look, never sleeping, never reaches the pool (30's).
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long long pool_again;
// Of those, the ones handed over while a one-shot timer of the answer's fired on the handing thread
// (`lab_check_in_an_answers_timer`): woken by a timer, a sleep's end.
static unsigned long long pool_again_by_timers;
// The newest task id made (`lab_check_note_made`), and, at the last mark, that id.
static _Atomic uint32_t newest_made;
static uint32_t newest_at_mark;
// See runtime_watch.h.
_Thread_local int lab_check_creating_task;
// The end of the hold being counted, on CLOCK_MONOTONIC in nanoseconds, or 0 for none
// (`lab_check_pool_count_until`; a mark clears it): a task handed over after it is past the hold.
static _Atomic uint64_t count_until;

static uint64_t monotonic_nanoseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

// Read as the job is handed over, before the lock: the moment it was woken, not when the lock came.
int lab_check_past_the_hold(void) {
    uint64_t until = atomic_load(&count_until);
    return until != 0 && monotonic_nanoseconds() >= until;
}

// The thread whose task starts are being counted (lab_check_starts_begin), and its count.
static pthread_t starts_thread;
static int starts_counting;
static unsigned long long starts_count;
// Whether that thread's jobs are kept back until the count ends, the count's generation, whether
// they were let go before it ended, and the jobs kept (each with where it was to go).
static int starts_holding;
static long long starts_generation;
static int starts_let_go_first;
#define STARTS_KEPT_MAX 64
static struct kept_job {
    void *job;
    pool_original original;
    pool_hook previous;
} starts_kept[STARTS_KEPT_MAX];
static int starts_kept_count;

// Counts a job the counted thread hands over; 1 when it is kept back (the caller hands it over
// later, from `release_kept`), 0 when the caller hands it over now.
static int count_start(void *job, pool_original original, pool_hook previous) {
    int kept = 0;
    pthread_mutex_lock(&pool_lock);
    if (starts_counting && pthread_equal(pthread_self(), starts_thread)) {
        starts_count++;
        if (starts_holding && starts_kept_count < STARTS_KEPT_MAX) {
            starts_kept[starts_kept_count++] = (struct kept_job){job, original, previous};
            kept = 1;
        }
    }
    pthread_mutex_unlock(&pool_lock);
    return kept;
}

// Hands over the jobs kept back, outside the lock (the pool may run one at once, which may hand
// over more).
static void release_kept(struct kept_job *jobs, int count) {
    for (int index = 0; index < count; index++) {
        if (jobs[index].previous) jobs[index].previous(jobs[index].job, jobs[index].original);
        else jobs[index].original(jobs[index].job);
    }
}

// The tasks seen on the pool (or recorded as if: see above).
static lab_check_id_set seen;
static int seen_insert(uint32_t id) { return lab_check_id_set_insert(&seen, id); }

// The tasks the program's own code made (through `swift_task_create`, or started on the pool
// as they were made: `async let`'s), the check's task and a hold's task. A task handed over by one
// of them, running, is sent a message by the program (a mailbox's reply, a request to a worker): a
// wake whose cause is already counted where it began, at a timer or a callback (the runtime's own
// tasks, such as the one that ends a sleep, are not here), or is a loop that uses CPU.
static lab_check_id_set known;
static int known_insert(uint32_t id) { return lab_check_id_set_insert(&known, id); }

// The tasks the program made from a thread that ran no task (a `Task {}` in a queue's block or a
// thread's body): work handed to a thread, not a task of the caller's. A `Task.detached` made in a
// task is not here (28's detached fetches, awaited, were told they were handed to a thread that
// waits; helper 179).
static lab_check_id_set from_threads;

// See runtime_watch.h.
void *lab_check_running_task(void) {
    current_task_function current = atomic_load(&current_task);
    if (!current) {
        current = (current_task_function)dlsym(RTLD_DEFAULT, "swift_task_getCurrent");
        if (current) atomic_store(&current_task, current);
    }
    return current ? current() : 0;
}

void *lab_check_watching_task(void) { return atomic_load(&watching_task); }

void lab_check_note_made(uint32_t id, int by_the_answer, int from_a_thread) {
    pthread_mutex_lock(&pool_lock);
    if (by_the_answer) seen_insert(id);
    known_insert(id);
    if (from_a_thread) lab_check_id_set_insert(&from_threads, id);
    pthread_mutex_unlock(&pool_lock);
    uint32_t newest = atomic_load(&newest_made);
    while (id > newest && !atomic_compare_exchange_weak(&newest_made, &newest, id)) {}
}

static __attribute__((swiftcall)) void count_pool_job(void *job, pool_original original) {
    int kept = count_start(job, original, previous_pool_hook);
    if (job != atomic_load(&watching_task) && job != lab_check_hopping_task() && lab_check_job_is_task(job)) {
        uint32_t id = lab_check_job_id(job);
        void *sender = lab_check_running_task();
        int past = lab_check_past_the_hold();
        int by_a_timer = lab_check_in_an_answers_timer;
        pthread_mutex_lock(&pool_lock);
        if (lab_check_creating_task) {
            // Its start: not counted, but seen, and the program's (a task the check makes, too).
            seen_insert(id);
            known_insert(id);
        } else {
            // Seen before, or first seen now but made before the mark (and one that cannot be
            // recorded, no memory: unseen is never still); not a message from a task of the program.
            int before = seen_insert(id);
            int sent = sender && sender != job && lab_check_id_set_contains(&known, lab_check_job_id(sender));
            if (!sent && !past && (before != 0 || id <= newest_at_mark)) {
                pool_again++;
                if (by_a_timer) pool_again_by_timers++;
            }
        }
        pthread_mutex_unlock(&pool_lock);
    }
    if (kept) return;
    if (previous_pool_hook) previous_pool_hook(job, original);
    else original(job);
}

int lab_check_pool_watch(void) {
    pool_hook *hook = (pool_hook *)dlsym(RTLD_DEFAULT, "swift_task_enqueueGlobal_hook");
    current_task_function current = (current_task_function)dlsym(RTLD_DEFAULT, "swift_task_getCurrent");
    if (!hook || !current) return -1;
    if (*hook != count_pool_job) {
        void *watching = current();
        atomic_store(&watching_task, watching);
        atomic_store(&current_task, current);
        if (watching) {
            pthread_mutex_lock(&pool_lock);
            known_insert(lab_check_job_id(watching));
            pthread_mutex_unlock(&pool_lock);
        }
        previous_pool_hook = *hook;
        *hook = count_pool_job;
    }
    return 0;
}

unsigned long long lab_check_pool_mark(void) { return lab_check_pool_mark_counting_timers(0); }

unsigned long long lab_check_pool_mark_counting_timers(unsigned long long *by_timers) {
    pthread_mutex_lock(&pool_lock);
    unsigned long long since = pool_again;
    if (by_timers) *by_timers = pool_again_by_timers;
    pool_again = 0;
    pool_again_by_timers = 0;
    newest_at_mark = atomic_load(&newest_made);
    atomic_store(&count_until, 0);
    pthread_mutex_unlock(&pool_lock);
    return since;
}

void lab_check_pool_count_until(unsigned long long nanoseconds) {
    atomic_store(&count_until, monotonic_nanoseconds() + nanoseconds);
}

void lab_check_pool_seen_current(void) {
    void *task = lab_check_running_task();
    if (!task) return;
    pthread_mutex_lock(&pool_lock);
    seen_insert(lab_check_job_id(task));
    known_insert(lab_check_job_id(task));
    pthread_mutex_unlock(&pool_lock);
}

int lab_check_sent_by_the_program(void) {
    void *task = lab_check_running_task();
    if (!task) return 0;
    pthread_mutex_lock(&pool_lock);
    int known_task = lab_check_id_set_contains(&known, lab_check_job_id(task));
    pthread_mutex_unlock(&pool_lock);
    return known_task;
}

int lab_check_running_task_id(uint32_t *id) {
    void *task = lab_check_running_task();
    if (!task) return 0;
    *id = lab_check_job_id(task);
    return 1;
}

int lab_check_made_by_the_program(uint32_t id) {
    pthread_mutex_lock(&pool_lock);
    int known_task = lab_check_id_set_contains(&known, id);
    pthread_mutex_unlock(&pool_lock);
    return known_task;
}

int lab_check_made_from_a_thread(uint32_t id) {
    pthread_mutex_lock(&pool_lock);
    int from_a_thread = lab_check_id_set_contains(&from_threads, id);
    pthread_mutex_unlock(&pool_lock);
    return from_a_thread;
}

// The main actor's executor has a hook of the same shape: a task started on the main actor is
// handed there, not to the pool.
static pool_hook previous_main_hook;

static __attribute__((swiftcall)) void count_main_job(void *job, pool_original original) {
    if (count_start(job, original, previous_main_hook)) return;
    if (previous_main_hook) previous_main_hook(job, original);
    else original(job);
}

long long lab_check_starts_begin(int hold_back) {
    if (lab_check_pool_watch() != 0) return -1;
    pool_hook *main_hook = (pool_hook *)dlsym(RTLD_DEFAULT, "swift_task_enqueueMainExecutor_hook");
    if (!main_hook) return -1;
    if (*main_hook != count_main_job) {
        previous_main_hook = *main_hook;
        *main_hook = count_main_job;
    }
    pthread_mutex_lock(&pool_lock);
    starts_thread = pthread_self();
    starts_count = 0;
    starts_counting = 1;
    starts_holding = hold_back;
    starts_let_go_first = 0;
    starts_kept_count = 0;
    long long generation = ++starts_generation;
    pthread_mutex_unlock(&pool_lock);
    return generation;
}

unsigned long long lab_check_starts_end(int *let_go_first) {
    struct kept_job jobs[STARTS_KEPT_MAX];
    pthread_mutex_lock(&pool_lock);
    starts_counting = 0;
    starts_holding = 0;
    unsigned long long count = starts_count;
    int kept = starts_kept_count;
    for (int index = 0; index < kept; index++) jobs[index] = starts_kept[index];
    starts_kept_count = 0;
    if (let_go_first) *let_go_first = starts_let_go_first;
    pthread_mutex_unlock(&pool_lock);
    release_kept(jobs, kept);
    return count;
}

void lab_check_starts_let_go(long long generation) {
    struct kept_job jobs[STARTS_KEPT_MAX];
    pthread_mutex_lock(&pool_lock);
    int kept = 0;
    if (starts_counting && starts_generation == generation) {
        // From here on the count's jobs go at once: the patience is over.
        starts_holding = 0;
        starts_let_go_first = 1;
        kept = starts_kept_count;
        for (int index = 0; index < kept; index++) jobs[index] = starts_kept[index];
        starts_kept_count = 0;
    }
    pthread_mutex_unlock(&pool_lock);
    release_kept(jobs, kept);
}
#else
int lab_check_pool_watch(void) { return -1; }
unsigned long long lab_check_pool_mark(void) { return 0; }
unsigned long long lab_check_pool_mark_counting_timers(unsigned long long *by_timers) {
    if (by_timers) *by_timers = 0;
    return 0;
}
void lab_check_pool_count_until(unsigned long long nanoseconds) { (void)nanoseconds; }
void lab_check_pool_seen_current(void) {}
int lab_check_sent_by_the_program(void) { return 0; }
int lab_check_running_task_id(uint32_t *id) {
    (void)id;
    return 0;
}
int lab_check_made_by_the_program(uint32_t id) {
    (void)id;
    return 0;
}
int lab_check_made_from_a_thread(uint32_t id) {
    (void)id;
    return -1;
}
long long lab_check_starts_begin(int hold_back) {
    (void)hold_back;
    return -1;
}
unsigned long long lab_check_starts_end(int *let_go_first) {
    if (let_go_first) *let_go_first = 0;
    return 0;
}
void lab_check_starts_let_go(long long generation) { (void)generation; }
#endif
