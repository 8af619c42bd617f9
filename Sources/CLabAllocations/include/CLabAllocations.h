// Counting the process's allocations: mallocs, frees and bytes requested.
// Where it works (Linux with glibc, no sanitizer), allocations.c replaces malloc and its
// family with functions that count and then call glibc's own allocator, which still does
// all the work; elsewhere `lab_allocations_available()` is 0 and the counts stay 0.
#ifndef CLAB_ALLOCATIONS_H
#define CLAB_ALLOCATIONS_H

typedef struct {
    /// Blocks handed out: malloc, calloc, the aligned family, and realloc to a new size.
    unsigned long long mallocs;
    /// Blocks given back: free of a block, and realloc away from an old one.
    unsigned long long frees;
    /// Bytes requested by those mallocs (what the program asked for, not the allocator's rounding).
    unsigned long long bytes;
} lab_allocation_counts;

/// 1 when this process's allocations are counted; 0 where the counter is not built in.
int lab_allocations_available(void);
/// The totals since the process started, over all threads (calls made while counting was
/// off are not in them). Subtract two readings for what happened between them.
lab_allocation_counts lab_allocations_read(void);
/// The calling thread's own totals: exact for synchronous code, whatever other threads do
/// (threads past the table's size share one slot, and read that shared slot's totals).
lab_allocation_counts lab_allocations_read_this_thread(void);
/// Counting on (1) or off (0): off, every call goes straight to the system allocator after
/// one branch; on, it also adds to the calling thread's own counters.
void lab_allocations_set_counting(int on);
#endif
