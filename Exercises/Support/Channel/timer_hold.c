// The timer hold: the timers the program's tasks arm (a `Task.sleep`, a clock's sleep) kept from
// being armed until the check lets them go (see include/CheckChannel.h). Swift 6.2's global
// executor arms a sleep's timer in libdispatch itself, past the runtime's delay and deadline hooks
// (measured: they saw none), so the program defines the two calls it arms one with, before
// libdispatch's, and forwards to them. Linux only: on macOS the runtime's calls go to libdispatch
// by its two-level namespace, never here.
//
// The same two calls tell the pool watch which wakes a timer of the answer's handed over (see
// `lab_check_pool_mark_counting_timers`): a one-shot timer a task of the answer's arms is armed
// with a work function of this file's that marks its thread while the timer's own work runs (the
// runtime's job that ends a sleep, resuming the sleeper then and there), and a repeating source's
// arming, whose firing this file does not see, is counted as it is armed.
#define _GNU_SOURCE
#include "CheckChannel.h"
#include "runtime_watch.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

#ifdef LAB_CHECK_WATCHES_THE_RUNTIME
// See runtime_watch.h. Never set where the runtime's timers do not come here (macOS).
_Thread_local int lab_check_in_an_answers_timer;
#endif

#if defined(LAB_CHECK_WATCHES_THE_RUNTIME) && defined(__linux__)
typedef void (*after_function)(uint64_t when, void *queue, void *context, void (*work)(void *));
typedef void (*set_timer_function)(void *source, uint64_t start, uint64_t interval, uint64_t leeway);
static _Atomic(after_function) libdispatch_after_f;
static _Atomic(set_timer_function) libdispatch_set_timer;

// A timer armed while the hold is on, by a task other than the one that began it, is kept here
// with what arming it needs; `lab_check_timers_let_go` arms it as asked (at once, if its moment
// has passed). More than fit are armed as they come.
#define TIMERS_KEPT_MAX 64
static struct kept_timer {
    int is_source;
    uint64_t when, interval, leeway;
    void *queue_or_source, *context;
    void (*work)(void *);
} kept[TIMERS_KEPT_MAX];
static int kept_count;
static int holding;

// One-shot timers armed by the answer's tasks, each with the work and context it was armed with,
// in slots claimed without a lock (a thread arming a timer may be any of the pool's); a slot is
// free again once its timer has fired. With every slot taken, a timer is armed as asked and counted
// out of sight, as a source is: its firing cannot be told, so no pool wake is forgiven.
#define TIMERS_WATCHED_MAX 1024
static struct watched_timer {
    _Atomic int taken;
    void *context;
    void (*work)(void *);
} watched[TIMERS_WATCHED_MAX];
static _Atomic unsigned watched_hint;
static _Atomic unsigned long long out_of_sight;
// Every timer armed through this file, by anyone: the check tells by it that the runtime's calls
// reach this file (its own sleep arms one).
static _Atomic unsigned long long armed_here;

// Whether the calling thread runs a task that is not the check's own (the one that started the
// pool watch): the answer's code, or a task it made.
static int armed_by_the_answer(void) {
    void *task = lab_check_running_task();
    return task && task != lab_check_watching_task();
}

static void fire_watched(void *slot_pointer) {
    struct watched_timer *slot = slot_pointer;
    void *context = slot->context;
    void (*work)(void *) = slot->work;
    atomic_store(&slot->taken, 0);
    int outer = lab_check_in_an_answers_timer;
    lab_check_in_an_answers_timer = 1;
    work(context);
    lab_check_in_an_answers_timer = outer;
}

// The work and context to arm a one-shot timer with: the timer's own, or, for the answer's, this
// file's marking work with a slot that keeps them.
static void watch_one_shot(void **context, void (**work)(void *)) {
    atomic_fetch_add(&armed_here, 1);
    if (!armed_by_the_answer()) return;
    unsigned start = atomic_fetch_add(&watched_hint, 1);
    for (unsigned step = 0; step < TIMERS_WATCHED_MAX; step++) {
        struct watched_timer *slot = &watched[(start + step) % TIMERS_WATCHED_MAX];
        int free_slot = 0;
        if (atomic_compare_exchange_strong(&slot->taken, &free_slot, 1)) {
            slot->context = *context;
            slot->work = *work;
            *context = slot;
            *work = fire_watched;
            return;
        }
    }
    atomic_fetch_add(&out_of_sight, 1);
}
static void *holder;
static pthread_mutex_t hold_lock = PTHREAD_MUTEX_INITIALIZER;

static after_function after(void) {
    after_function next = atomic_load(&libdispatch_after_f);
    if (!next) {
        next = (after_function)dlsym(RTLD_NEXT, "dispatch_after_f");
        if (!next) abort();  // No libdispatch: nothing here can go on.
        atomic_store(&libdispatch_after_f, next);
    }
    return next;
}

static set_timer_function set_timer(void) {
    set_timer_function next = atomic_load(&libdispatch_set_timer);
    if (!next) {
        next = (set_timer_function)dlsym(RTLD_NEXT, "dispatch_source_set_timer");
        if (!next) abort();  // As above.
        atomic_store(&libdispatch_set_timer, next);
    }
    return next;
}

// 1 when the timer was kept. Only a task's timer: libdispatch's and Foundation's own, armed on
// threads that run no task, go on as asked.
static int keep(struct kept_timer timer) {
    void *task = lab_check_running_task();
    if (!task) return 0;
    int kept_it = 0;
    pthread_mutex_lock(&hold_lock);
    if (holding && task != holder && kept_count < TIMERS_KEPT_MAX) {
        kept[kept_count++] = timer;
        kept_it = 1;
    }
    pthread_mutex_unlock(&hold_lock);
    return kept_it;
}

void dispatch_after_f(uint64_t when, void *queue, void *context, void (*work)(void *)) {
    after_function next = after();
    watch_one_shot(&context, &work);
    if (keep((struct kept_timer){0, when, 0, 0, queue, context, work})) return;
    next(when, queue, context, work);
}

void dispatch_source_set_timer(void *source, uint64_t start, uint64_t interval, uint64_t leeway) {
    set_timer_function next = set_timer();
    atomic_fetch_add(&armed_here, 1);
    if (armed_by_the_answer()) atomic_fetch_add(&out_of_sight, 1);
    if (keep((struct kept_timer){1, start, interval, leeway, source, 0, 0})) return;
    next(source, start, interval, leeway);
}

int lab_check_timers_hold(void) {
    void *task = lab_check_running_task();
    after();
    set_timer();
    pthread_mutex_lock(&hold_lock);
    holding = 1;
    holder = task;
    pthread_mutex_unlock(&hold_lock);
    return 0;
}

int lab_check_timers_let_go(void) {
    struct kept_timer timers[TIMERS_KEPT_MAX];
    pthread_mutex_lock(&hold_lock);
    holding = 0;
    int count = kept_count;
    for (int index = 0; index < count; index++) timers[index] = kept[index];
    kept_count = 0;
    pthread_mutex_unlock(&hold_lock);
    // Armed outside the lock: a timer whose moment has passed may run at once and arm another.
    for (int index = 0; index < count; index++) {
        struct kept_timer timer = timers[index];
        if (timer.is_source) set_timer()(timer.queue_or_source, timer.when, timer.interval, timer.leeway);
        else after()(timer.when, timer.queue_or_source, timer.context, timer.work);
    }
    return count;
}

unsigned long long lab_check_timers_armed(void) { return atomic_load(&armed_here); }
unsigned long long lab_check_timers_out_of_sight(void) { return atomic_load(&out_of_sight); }
#else
int lab_check_timers_hold(void) { return -1; }
int lab_check_timers_let_go(void) { return 0; }
unsigned long long lab_check_timers_armed(void) { return 0; }
unsigned long long lab_check_timers_out_of_sight(void) { return 0; }
#endif
