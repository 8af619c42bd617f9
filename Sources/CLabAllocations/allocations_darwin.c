// The allocation counter on macOS — UNVERIFIED: written and reviewed on Linux, never run on a
// Mac (Tools/darwin-compile type-checks it against a macOS SDK's headers). Until a Mac runs the lab's allocation tests against it (LabKitTests' known
// counts), read any macOS allocation figure as unverified.
//
// Darwin has no __libc_malloc to forward to, and replacing malloc by symbol does not reach the
// system's own callers. What it offers instead is the malloc zone: every malloc, calloc, realloc
// and free of the process goes through the default zone's function table. This file copies that
// table, then (with the table made writable for the moment, as malloc protects it) points its
// entries at functions that count and call the copied originals — the same hook
// package-benchmark-style tools use. The system allocator still does all the work.
//
// Per-thread counts without thread-local storage: on Darwin, a thread's first TLS access may
// itself call malloc. A fixed table of slots is claimed by pthread_self() (a register read,
// which never allocates) with a compare-and-swap; past the table, threads share one slot.
#include "CLabAllocations.h"

#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
#define LAB_DARWIN_SANITIZED 1  // the sanitizer's own zone replaces the system's: not hooked
#endif
#endif

#if defined(__APPLE__) && !defined(LAB_DARWIN_SANITIZED)
#include <mach/mach.h>
#include <malloc/malloc.h>
#include <pthread.h>
#include <stdint.h>

typedef struct {
    _Alignas(64) uintptr_t owner;
    unsigned long long mallocs;
    unsigned long long frees;
    unsigned long long bytes;
} darwin_slot;

enum { darwin_slot_count = 4096 };
static darwin_slot darwin_slots[darwin_slot_count];
static darwin_slot darwin_shared_slot;
static malloc_zone_t original;
static int darwin_counting = 1;

static darwin_slot *darwin_this_threads_slot(void) {
    uintptr_t self = (uintptr_t)pthread_self();
    unsigned start = (unsigned)((self >> 12) * 2654435761u) % darwin_slot_count;
    for (unsigned probe = 0; probe < 64; probe++) {
        darwin_slot *slot = &darwin_slots[(start + probe) % darwin_slot_count];
        uintptr_t owner = __atomic_load_n(&slot->owner, __ATOMIC_RELAXED);
        if (owner == self) return slot;
        uintptr_t empty = 0;
        if (owner == 0 && __atomic_compare_exchange_n(&slot->owner, &empty, self, 0, __ATOMIC_RELAXED,
                                                      __ATOMIC_RELAXED)) {
            return slot;
        }
    }
    return &darwin_shared_slot;
}

static void darwin_add(unsigned long long *field, unsigned long long amount) {
    // Atomic adds: a slot may be the shared one, or inherited by a thread reusing an id.
    __atomic_fetch_add(field, amount, __ATOMIC_RELAXED);
}

static void darwin_counted_malloc(size_t size) {
    if (!__atomic_load_n(&darwin_counting, __ATOMIC_RELAXED)) return;
    darwin_slot *slot = darwin_this_threads_slot();
    darwin_add(&slot->mallocs, 1);
    darwin_add(&slot->bytes, size);
}

static void darwin_counted_free(void) {
    if (!__atomic_load_n(&darwin_counting, __ATOMIC_RELAXED)) return;
    darwin_add(&darwin_this_threads_slot()->frees, 1);
}

static void *zone_malloc(malloc_zone_t *zone, size_t size) {
    void *block = original.malloc(zone, size);
    if (block) darwin_counted_malloc(size);
    return block;
}

static void *zone_calloc(malloc_zone_t *zone, size_t count, size_t size) {
    void *block = original.calloc(zone, count, size);
    if (block) darwin_counted_malloc(count * size);
    return block;
}

static void *zone_valloc(malloc_zone_t *zone, size_t size) {
    void *block = original.valloc(zone, size);
    if (block) darwin_counted_malloc(size);
    return block;
}

static void *zone_realloc(malloc_zone_t *zone, void *pointer, size_t size) {
    void *block = original.realloc(zone, pointer, size);
    // As on Linux: a realloc gives back the old block and hands out one of the new size.
    if (pointer && (block || size == 0)) darwin_counted_free();
    if (block) darwin_counted_malloc(size);
    return block;
}

static void zone_free(malloc_zone_t *zone, void *pointer) {
    if (pointer) darwin_counted_free();
    original.free(zone, pointer);
}

static void *zone_memalign(malloc_zone_t *zone, size_t alignment, size_t size) {
    void *block = original.memalign(zone, alignment, size);
    if (block) darwin_counted_malloc(size);
    return block;
}

static void zone_free_definite_size(malloc_zone_t *zone, void *pointer, size_t size) {
    if (pointer) darwin_counted_free();
    original.free_definite_size(zone, pointer, size);
}

static lab_allocation_counts darwin_read_slot(const darwin_slot *slot) {
    lab_allocation_counts counts = {__atomic_load_n(&slot->mallocs, __ATOMIC_RELAXED),
                                    __atomic_load_n(&slot->frees, __ATOMIC_RELAXED),
                                    __atomic_load_n(&slot->bytes, __ATOMIC_RELAXED)};
    return counts;
}

static lab_allocation_counts darwin_read_all(void) {
    lab_allocation_counts total = darwin_read_slot(&darwin_shared_slot);
    for (unsigned index = 0; index < darwin_slot_count; index++) {
        lab_allocation_counts slot = darwin_read_slot(&darwin_slots[index]);
        total.mallocs += slot.mallocs;
        total.frees += slot.frees;
        total.bytes += slot.bytes;
    }
    return total;
}

static lab_allocation_counts darwin_read_this_thread(void) { return darwin_read_slot(darwin_this_threads_slot()); }

static void darwin_set_counting(int on) { __atomic_store_n(&darwin_counting, on ? 1 : 0, __ATOMIC_RELAXED); }

static const lab_allocation_counter darwin_counter = {darwin_read_all, darwin_read_this_thread, darwin_set_counting};

__attribute__((constructor)) static void darwin_install_counter(void) {
    // The zone malloc() really allocates from: the first registered zone (malloc_default_zone()
    // may be a forwarding wrapper around it).
    vm_address_t *zones = NULL;
    unsigned count = 0;
    if (malloc_get_all_zones(mach_task_self(), NULL, &zones, &count) != KERN_SUCCESS || count == 0) return;
    malloc_zone_t *zone = (malloc_zone_t *)zones[0];
    if (zone->version < 6) return;  // no memalign / free_definite_size entries to forward to
    original = *zone;
    if (vm_protect(mach_task_self(), (vm_address_t)zone, sizeof(*zone), 0, VM_PROT_READ | VM_PROT_WRITE) !=
        KERN_SUCCESS) {
        return;
    }
    zone->malloc = zone_malloc;
    zone->calloc = zone_calloc;
    zone->valloc = zone_valloc;
    zone->realloc = zone_realloc;
    zone->free = zone_free;
    zone->memalign = zone_memalign;
    zone->free_definite_size = zone_free_definite_size;
    vm_protect(mach_task_self(), (vm_address_t)zone, sizeof(*zone), 0, VM_PROT_READ);
    lab_allocation_counter_install(&darwin_counter);
}

#else

// Not Darwin: allocations.c is the counter here.
typedef int lab_allocations_darwin_not_built_here;

#endif
