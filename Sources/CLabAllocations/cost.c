// The pairs timed by the "measurement costs" suite (see LabAllocationCost.h). Each stores
// through the block and hides it from the optimizer, which may otherwise drop a malloc and
// free whose block is never used.
#include "LabAllocationCost.h"
#include <stdlib.h>

#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define LAB_COST_SANITIZED 1
#endif
#endif

#if defined(__linux__) && defined(__GLIBC__) && !defined(LAB_COST_SANITIZED)
extern void *__libc_malloc(size_t size);
extern void __libc_free(void *pointer);

int lab_allocation_cost_available(void) { return 1; }

__attribute__((noinline)) void lab_allocation_pair_direct(size_t size) {
    char *block = __libc_malloc(size);
    __asm__ volatile("" : : "r"(block) : "memory");
    if (block) block[0] = 1;
    __libc_free(block);
}
#else
int lab_allocation_cost_available(void) { return 0; }

__attribute__((noinline)) void lab_allocation_pair_direct(size_t size) { lab_allocation_pair_interposed(size); }
#endif

__attribute__((noinline)) void lab_allocation_pair_interposed(size_t size) {
    char *block = malloc(size);
    __asm__ volatile("" : : "r"(block) : "memory");
    if (block) block[0] = 1;
    free(block);
}
