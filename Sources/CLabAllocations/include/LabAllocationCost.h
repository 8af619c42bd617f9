// What the interposer itself costs: one malloc and free of `size` bytes, through the process's
// malloc (the interposer, when this program links it) or straight to glibc's allocator
// (bypassing it). Timed side by side in one process by `lab bench "measurement costs"`.
#ifndef LAB_ALLOCATION_COST_H
#define LAB_ALLOCATION_COST_H
#include <stddef.h>

/// 1 where the direct path exists (the interposer's platform: Linux with glibc, no sanitizer).
int lab_allocation_cost_available(void);
/// malloc then free, as any code calls them: through the interposer.
void lab_allocation_pair_interposed(size_t size);
/// __libc_malloc then __libc_free: the same allocator, without the interposer.
void lab_allocation_pair_direct(size_t size);
#endif
