// An allocator interposer: the process's malloc, free, calloc, realloc and the aligned
// family, defined here so that every caller (the Swift runtime, Foundation, Dispatch, libc
// itself) reaches them, and each forwarding to glibc's own implementation (__libc_malloc
// and friends, exported for exactly this use). The system allocator still does all the
// work, so the timings beside the counts are the system allocator's.
//
// Counting has to be cheaper than the malloc it counts, on every thread at once: each
// thread adds to counters of its own (a slot in a static table, a cache line each, found
// through a thread-local pointer), with plain relaxed loads and stores — no shared cache
// line, no locked instruction. A reader sums the slots. Past the table's size, threads
// share one slot with atomic adds (correct, slower).
//
// Not built: on macOS (no __libc_* functions; the lab says allocation counts are
// unavailable there), with musl, and under a sanitizer, whose runtime defines malloc itself.
#include "CLabAllocations.h"
#include <stddef.h>
#include <stdlib.h>

#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define LAB_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
#define LAB_SANITIZED 1
#endif

#if defined(__linux__) && defined(__GLIBC__) && !defined(LAB_SANITIZED)
#include <errno.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

typedef struct {
    _Alignas(64) unsigned long long mallocs;
    unsigned long long frees;
    unsigned long long bytes;
} slot;

enum { slot_count = 4096 };
static slot slots[slot_count];
static slot shared_slot;
static unsigned slots_taken;
static int counting = 1;
// initial-exec: the pointer lives in the executable's static TLS block, so reading it never
// allocates (a dynamic TLS lookup could call malloc from inside malloc).
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

static inline __attribute__((always_inline)) void add(slot *mine, unsigned long long *field, unsigned long long amount) {
    if (mine == &shared_slot) {
        __atomic_fetch_add(field, amount, __ATOMIC_RELAXED);
    } else {
        // Only this thread writes its slot; relaxed atomics make the readers' loads defined.
        __atomic_store_n(field, __atomic_load_n(field, __ATOMIC_RELAXED) + amount, __ATOMIC_RELAXED);
    }
}

static inline __attribute__((always_inline)) int is_counting(void) { return __atomic_load_n(&counting, __ATOMIC_RELAXED); }

static inline __attribute__((always_inline)) void counted_malloc(size_t size) {
    slot *mine = this_threads_slot();
    add(mine, &mine->mallocs, 1);
    add(mine, &mine->bytes, size);
}

static inline __attribute__((always_inline)) void counted_free(void) {
    slot *mine = this_threads_slot();
    add(mine, &mine->frees, 1);
}

void *malloc(size_t size) {
    void *block = __libc_malloc(size);
    if (is_counting() && block) counted_malloc(size);
    return block;
}

void *calloc(size_t count, size_t size) {
    void *block = __libc_calloc(count, size);
    if (is_counting() && block) counted_malloc(count * size);  // no overflow: calloc succeeded
    return block;
}

void *realloc(void *pointer, size_t size) {
    void *block = __libc_realloc(pointer, size);
    if (is_counting()) {
        // realloc(NULL, n) is a malloc; realloc(p, 0) frees p; otherwise the old block is
        // given back and a block of the new size handed out (even when it grew in place).
        if (pointer && (block || size == 0)) counted_free();
        if (block) counted_malloc(size);
    }
    return block;
}

void free(void *pointer) {
    if (is_counting() && pointer) counted_free();
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    void *block = __libc_memalign(alignment, size);
    if (is_counting() && block) counted_malloc(size);
    return block;
}

void *aligned_alloc(size_t alignment, size_t size) { return memalign(alignment, size); }

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *block = memalign(alignment, size);
    if (!block) return ENOMEM;
    *result = block;
    return 0;
}

void *valloc(size_t size) {
    void *block = __libc_valloc(size);
    if (is_counting() && block) counted_malloc(size);
    return block;
}

void *pvalloc(size_t size) {
    void *block = __libc_pvalloc(size);
    if (is_counting() && block) counted_malloc(size);
    return block;
}

static lab_allocation_counts read_all(void) {
    lab_allocation_counts total = {0, 0, 0};
    unsigned taken = __atomic_load_n(&slots_taken, __ATOMIC_RELAXED);
    if (taken > slot_count) taken = slot_count;
    for (unsigned index = 0; index < taken; index++) {
        total.mallocs += __atomic_load_n(&slots[index].mallocs, __ATOMIC_RELAXED);
        total.frees += __atomic_load_n(&slots[index].frees, __ATOMIC_RELAXED);
        total.bytes += __atomic_load_n(&slots[index].bytes, __ATOMIC_RELAXED);
    }
    total.mallocs += __atomic_load_n(&shared_slot.mallocs, __ATOMIC_RELAXED);
    total.frees += __atomic_load_n(&shared_slot.frees, __ATOMIC_RELAXED);
    total.bytes += __atomic_load_n(&shared_slot.bytes, __ATOMIC_RELAXED);
    return total;
}

static lab_allocation_counts read_this_thread(void) {
    slot *mine = this_threads_slot();
    lab_allocation_counts own = {__atomic_load_n(&mine->mallocs, __ATOMIC_RELAXED), __atomic_load_n(&mine->frees, __ATOMIC_RELAXED),
                                 __atomic_load_n(&mine->bytes, __ATOMIC_RELAXED)};
    return own;
}

static void set_counting(int on) { __atomic_store_n(&counting, on ? 1 : 0, __ATOMIC_RELAXED); }

static const lab_allocation_counter this_counter = {read_all, read_this_thread, set_counting};

// Before main, so a program that links this counter reads it from its first line.
__attribute__((constructor)) static void install_counter(void) { lab_allocation_counter_install(&this_counter); }

#else

// Nothing to install: LabCore finds no counter and says why the counts are unavailable.
typedef int lab_allocations_not_built_here;

#endif
