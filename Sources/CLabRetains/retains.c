// Counts strong retains and releases, by the Swift runtime's own entry points.
//
// Why not the runtime's instrumentation hooks. libswiftCore exports function pointers
// (_swift_retain, _swift_release, …) and a flag
// (_swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly) that makes
// swift_retain and swift_release call through them. On Swift 6.3.1 for Linux (x86_64) the flag
// alone crashes the first copy of a small string: swift_retain then jumps to an adapter that masks
// its argument before handing it on, so a small string's payload (negative, which the normal path
// skips) becomes a positive "pointer" that is dereferenced. Shown, with nothing of ours
// installed but the flag, in docs/MEASUREMENTS.md ("Retain/release counting").
//
// So, as the hop counter does for swift_task_switch, this file defines the entry points
// themselves — swift_retain, swift_release, swift_bridgeObjectRetain/Release and their `_n`
// forms — in the program that links it. Every call from the program's own compiled code (and
// from other shared libraries calling through their PLT, e.g. Foundation) reaches these first;
// each counts on the calling thread and tail-calls the runtime's function, found with
// dlsym(RTLD_NEXT), which does the work unchanged. Calls made inside libswiftCore itself (its
// unspecialized generic code) are bound within the library and not seen. swift_nonatomic_*
// (emitted only with -assume-single-threaded) are not counted.
//
// Counting must cost less than the retain it counts, on every thread at once: as the
// allocation counter does, each thread adds to its own slot (a cache line per thread in a
// static table, found through an initial-exec thread-local pointer), with relaxed loads and
// stores — no shared cache line, no locked instruction. Past the table's size, threads share
// one slot with atomic adds.
//
// Linked only into programs that ask (the LabRetainCounter product; `lab` and the tests); it
// installs itself in LabCounterHooks.h's table before main. Linux only, and not under a
// sanitizer; elsewhere nothing is defined and LabBench says retains are not counted.
#define _GNU_SOURCE
#include "CLabRetains.h"
#include <stddef.h>
#include <stdint.h>

#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define LAB_RETAINS_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
#define LAB_RETAINS_SANITIZED 1
#endif

#if defined(__linux__) && defined(__clang__) && !defined(LAB_RETAINS_SANITIZED)
#include <dlfcn.h>

typedef void *(*retain_function)(void *object);
typedef void *(*retain_n_function)(void *object, uint32_t times);
typedef void (*release_function)(void *object);
typedef void (*release_n_function)(void *object, uint32_t times);

typedef struct {
    _Alignas(64) unsigned long long retains;
    unsigned long long releases;
} slot;

enum { slot_count = 4096 };
static slot slots[slot_count];
static slot shared_slot;
static unsigned slots_taken;
static int counting = 1;
static __thread slot *own_slot __attribute__((tls_model("initial-exec")));

// always_inline: a debug build compiles this file at -O0, where `inline` alone inlines nothing,
// and the debug test process runs these hooks on every call: as calls they took about a fifth
// of a whole-tree scan's CPU there (perf). Release builds inline them either way.
static inline __attribute__((always_inline)) slot *this_threads_slot(void) {
    slot *mine = own_slot;
    if (__builtin_expect(mine == NULL, 0)) {
        unsigned index = __atomic_fetch_add(&slots_taken, 1, __ATOMIC_RELAXED);
        mine = index < slot_count ? &slots[index] : &shared_slot;
        own_slot = mine;
    }
    return mine;
}

static inline __attribute__((always_inline)) void count(int retains, unsigned long long amount) {
    if (!__atomic_load_n(&counting, __ATOMIC_RELAXED)) return;
    slot *mine = this_threads_slot();
    unsigned long long *field = retains ? &mine->retains : &mine->releases;
    if (__builtin_expect(mine == &shared_slot, 0)) {
        __atomic_fetch_add(field, amount, __ATOMIC_RELAXED);
    } else {
        // Only this thread writes its slot; relaxed atomics make the readers' loads defined.
        __atomic_store_n(field, __atomic_load_n(field, __ATOMIC_RELAXED) + amount, __ATOMIC_RELAXED);
    }
}

// The runtime's functions, found on first use (a retain can come before this file's
// constructor runs: another library's initializer). dlsym never retains, so no recursion.
#define NEXT(type, name)                                                                  \
    static inline __attribute__((always_inline)) type next_##name(void) {                 \
        static type found;                                                                \
        type function = __atomic_load_n(&found, __ATOMIC_RELAXED);                        \
        if (__builtin_expect(function == NULL, 0)) {                                      \
            function = (type)dlsym(RTLD_NEXT, #name);                                     \
            if (function == NULL) __builtin_trap(); /* no runtime: nothing could run */   \
            __atomic_store_n(&found, function, __ATOMIC_RELAXED);                         \
        }                                                                                 \
        return function;                                                                  \
    }
NEXT(retain_function, swift_retain)
NEXT(retain_n_function, swift_retain_n)
NEXT(release_function, swift_release)
NEXT(release_n_function, swift_release_n)
NEXT(retain_function, swift_bridgeObjectRetain)
NEXT(retain_n_function, swift_bridgeObjectRetain_n)
NEXT(release_function, swift_bridgeObjectRelease)
NEXT(release_n_function, swift_bridgeObjectRelease_n)

// Each counts, then tail-calls the runtime's own function, which continues as if called directly.
void *swift_retain(void *object) {
    count(1, 1);
    __attribute__((musttail)) return next_swift_retain()(object);
}

void *swift_retain_n(void *object, uint32_t times) {
    count(1, times);
    __attribute__((musttail)) return next_swift_retain_n()(object, times);
}

void swift_release(void *object) {
    count(0, 1);
    __attribute__((musttail)) return next_swift_release()(object);
}

void swift_release_n(void *object, uint32_t times) {
    count(0, times);
    __attribute__((musttail)) return next_swift_release_n()(object, times);
}

void *swift_bridgeObjectRetain(void *object) {
    count(1, 1);
    __attribute__((musttail)) return next_swift_bridgeObjectRetain()(object);
}

void *swift_bridgeObjectRetain_n(void *object, uint32_t times) {
    count(1, times);
    __attribute__((musttail)) return next_swift_bridgeObjectRetain_n()(object, times);
}

void swift_bridgeObjectRelease(void *object) {
    count(0, 1);
    __attribute__((musttail)) return next_swift_bridgeObjectRelease()(object);
}

void swift_bridgeObjectRelease_n(void *object, uint32_t times) {
    count(0, times);
    __attribute__((musttail)) return next_swift_bridgeObjectRelease_n()(object, times);
}

static lab_retain_counts read_all(void) {
    lab_retain_counts total = {0, 0};
    unsigned taken = __atomic_load_n(&slots_taken, __ATOMIC_RELAXED);
    if (taken > slot_count) taken = slot_count;
    for (unsigned index = 0; index < taken; index++) {
        total.retains += __atomic_load_n(&slots[index].retains, __ATOMIC_RELAXED);
        total.releases += __atomic_load_n(&slots[index].releases, __ATOMIC_RELAXED);
    }
    total.retains += __atomic_load_n(&shared_slot.retains, __ATOMIC_RELAXED);
    total.releases += __atomic_load_n(&shared_slot.releases, __ATOMIC_RELAXED);
    return total;
}

static lab_retain_counts read_this_thread(void) {
    slot *mine = this_threads_slot();
    lab_retain_counts own = {__atomic_load_n(&mine->retains, __ATOMIC_RELAXED),
                             __atomic_load_n(&mine->releases, __ATOMIC_RELAXED)};
    return own;
}

static void set_counting(int on) { __atomic_store_n(&counting, on ? 1 : 0, __ATOMIC_RELAXED); }

// The measured pairs. Both call through a pointer the optimizer cannot see through, as the
// program's code reaches the runtime through its PLT: the difference is the interposer.
static retain_function volatile interposed_retain = swift_retain;
static release_function volatile interposed_release = swift_release;

__attribute__((noinline)) static void pair_interposed(void *object) {
    interposed_retain(object);
    interposed_release(object);
}

__attribute__((noinline)) static void pair_direct(void *object) {
    next_swift_retain()(object);
    next_swift_release()(object);
}

static const lab_retain_counter this_counter = {read_all, read_this_thread, set_counting, pair_interposed, pair_direct};

__attribute__((constructor)) static void install_counter(void) { lab_retain_counter_install(&this_counter); }
#else
// Nothing to install: LabBench finds no retain counter and says why the counts are unavailable.
typedef int lab_retains_not_built_here;
#endif
