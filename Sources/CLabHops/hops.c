// Counts executor hops, by the Swift runtime's own entry points rather than by estimate.
//
// Switches: Swift code changes executor by calling the runtime's swift_task_switch (the
// compiler's hop_to_executor: entering an actor's method, returning to the caller's actor, to
// the main actor or to the pool). This file defines swift_task_switch itself, so every call
// from the code linked into this program reaches it first; it counts the call when the target
// executor differs from the current one — exactly when the runtime must switch (it returns at
// once otherwise) — and tail-calls the runtime's own function, found with dlsym(RTLD_NEXT).
// Calls made inside the runtime library itself (e.g. within MainActor.run when it is not
// inlined) do not pass through here.
//
// Enqueues: the runtime's public hook variable swift_task_enqueueGlobal_hook is set, before
// main, to a function that counts the job and hands it on (to a hook already installed, or to
// the runtime's original). Its sibling swift_task_enqueueMainExecutor_hook is not used: on
// Swift 6.3 for Linux the runtime never called it (2,000 MainActor.run hops from the pool
// counted 0), so a figure from it would say "no jobs for the main thread" when there were.
//
// Counting is one relaxed atomic add on a shared counter per hop; `lab bench` measures what
// that costs (see HopOverhead in LabBench).
//
// Linked only into programs that ask (the LabHopCounter product; `lab` and the tests): a
// program without it keeps the runtime's swift_task_switch untouched, and LabBench reads no
// counter (see LabCounterHooks.h, where this one installs itself before main).
//
// Linux only: the calling conventions (swiftasynccall, swiftcall) are clang's, and where
// they or glibc's RTLD_NEXT are missing nothing is installed.
#define _GNU_SOURCE
#include "CLabHops.h"
#include "LabCounterHooks.h"

#if defined(__linux__) && defined(__clang__) && __has_attribute(swiftasynccall) && __has_attribute(swiftcall) \
    && !defined(__SANITIZE_THREAD__) && !__has_feature(thread_sanitizer)
#include <dlfcn.h>
#include <stdatomic.h>
#include <stdint.h>

// The runtime's SerialExecutorRef: the executor's identity and its implementation word.
typedef struct {
    const void *identity;
    uintptr_t implementation;
} lab_serial_executor;

typedef __attribute__((swiftasynccall)) void (*lab_switch_function)(
    __attribute__((swift_async_context)) void *context, void *resume, lab_serial_executor target);
typedef __attribute__((swiftcall)) lab_serial_executor (*lab_current_executor_function)(void);
typedef __attribute__((swiftcall)) void (*lab_enqueue_original)(void *job);
typedef __attribute__((swiftcall)) void (*lab_enqueue_hook)(void *job, lab_enqueue_original original);
typedef __attribute__((swiftcall)) void *(*lab_current_task_function)(void);

static lab_switch_function runtime_switch;
static lab_current_executor_function current_executor;
static lab_enqueue_hook previous_global_hook;
static _Atomic unsigned long long switches;
static _Atomic unsigned long long enqueues;
// Off until the constructor has found the runtime's functions: a switch before that, or in a
// runtime without them, is handed on uncounted instead of calling a null pointer.
static int counting = 0;
// One task counted apart (see watch_current_task), so a test can read its exact
// counts while other tests run in the same process. A task is a job: its pointer is the job's.
static lab_current_task_function current_task;
static _Atomic(void *) watched;
static _Atomic unsigned long long watched_switches;
static _Atomic unsigned long long watched_enqueues;

// always_inline: a debug build compiles this file at -O0, where `inline` alone inlines nothing,
// and the debug test process runs these hooks on every call: as calls they took about a fifth
// of a whole-tree scan's CPU there (perf). Release builds inline them either way.
static inline __attribute__((always_inline)) int is_watched(void *task) {
    void *target = atomic_load_explicit(&watched, memory_order_relaxed);
    return target != 0 && task == target;
}

// Whether the task running here is the watched one; asks the runtime only while one is watched.
static inline __attribute__((always_inline)) int running_watched(void) {
    return atomic_load_explicit(&watched, memory_order_relaxed) != 0 && is_watched(current_task());
}

__attribute__((swiftasynccall)) void swift_task_switch(
    __attribute__((swift_async_context)) void *context, void *resume, lab_serial_executor target) {
    if (__atomic_load_n(&counting, __ATOMIC_RELAXED) && current_executor().identity != target.identity) {
        atomic_fetch_add_explicit(&switches, 1, memory_order_relaxed);
        if (running_watched()) atomic_fetch_add_explicit(&watched_switches, 1, memory_order_relaxed);
    }
    // A tail call: the runtime's function continues the task as if called directly.
    __attribute__((musttail)) return runtime_switch(context, resume, target);
}

// The counting half of swift_task_switch above, alone: its cost per switch, measurable.
static _Atomic unsigned long long scratch_switches;

__attribute__((noinline)) static void count_without_switching(unsigned long long times) {
    // An identity no executor has, so the comparison goes the way a real switch's does.
    static const char elsewhere = 0;
    for (unsigned long long step = 0; step < times; step++) {
        if (__atomic_load_n(&counting, __ATOMIC_RELAXED) && current_executor().identity != (const void *)&elsewhere) {
            atomic_fetch_add_explicit(&scratch_switches, 1, memory_order_relaxed);
            if (running_watched()) atomic_fetch_add_explicit(&scratch_switches, 1, memory_order_relaxed);
        }
    }
}

__attribute__((swiftcall)) static void count_global(void *job, lab_enqueue_original original) {
    if (__atomic_load_n(&counting, __ATOMIC_RELAXED)) {
        atomic_fetch_add_explicit(&enqueues, 1, memory_order_relaxed);
        if (is_watched(job) || running_watched()) {
            atomic_fetch_add_explicit(&watched_enqueues, 1, memory_order_relaxed);
        }
    }
    if (previous_global_hook) {
        previous_global_hook(job, original);
    } else {
        original(job);
    }
}

static void set_counting(int on) { __atomic_store_n(&counting, on ? 1 : 0, __ATOMIC_RELAXED); }

static void watch_current_task(void) {
    atomic_store_explicit(&watched_switches, 0, memory_order_relaxed);
    atomic_store_explicit(&watched_enqueues, 0, memory_order_relaxed);
    atomic_store_explicit(&watched, current_task(), memory_order_release);
}

static lab_hop_counts unwatch(void) {
    atomic_store_explicit(&watched, 0, memory_order_release);
    lab_hop_counts counts = {
        atomic_load_explicit(&watched_switches, memory_order_relaxed),
        atomic_load_explicit(&watched_enqueues, memory_order_relaxed),
    };
    return counts;
}

static lab_hop_counts read_all(void) {
    lab_hop_counts counts = {
        atomic_load_explicit(&switches, memory_order_relaxed),
        atomic_load_explicit(&enqueues, memory_order_relaxed),
    };
    return counts;
}

static const lab_hop_counter this_counter = {read_all, set_counting, count_without_switching, watch_current_task, unwatch};

__attribute__((constructor)) static void install(void) {
    runtime_switch = (lab_switch_function)dlsym(RTLD_NEXT, "swift_task_switch");
    current_executor = (lab_current_executor_function)dlsym(RTLD_DEFAULT, "swift_task_getCurrentExecutor");
    current_task = (lab_current_task_function)dlsym(RTLD_DEFAULT, "swift_task_getCurrent");
    lab_enqueue_hook *global_hook = (lab_enqueue_hook *)dlsym(RTLD_DEFAULT, "swift_task_enqueueGlobal_hook");
    if (!runtime_switch || !current_executor || !current_task || !global_hook) {
        // Without the runtime's own switch nothing could run: fail loudly, now, not at the
        // first await. (dlsym finds it wherever the Swift runtime is loaded.)
        if (!runtime_switch) __builtin_trap();
        return;
    }
    previous_global_hook = *global_hook;
    *global_hook = count_global;
    set_counting(1);
    lab_hop_counter_install(&this_counter);
}
#else
// Nothing to install: LabBench finds no hop counter and says why the counts are unavailable.
typedef int lab_hops_not_built_here;
#endif
