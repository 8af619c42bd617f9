// Where a program's allocation counter, if it links one, makes itself known.
// The counter itself (Sources/CLabAllocations) replaces malloc and its family, which costs
// every allocation a call and a branch even with counting off. So it is linked only into
// the programs that report allocations (`lab`, the lessons that count them, the tests, and a
// LabBench user's program that asks for the LabAllocationCounter product); it installs
// itself here before main, and LabCore reads the counts through this table, or says the
// counts are unavailable when no counter was installed.
#ifndef LAB_ALLOCATION_HOOKS_H
#define LAB_ALLOCATION_HOOKS_H

typedef struct {
    /// Blocks handed out: malloc, calloc, the aligned family, and realloc to a new size.
    unsigned long long mallocs;
    /// Blocks given back: free of a block, and realloc away from an old one.
    unsigned long long frees;
    /// Bytes requested by those mallocs (what the program asked for, not the allocator's rounding).
    unsigned long long bytes;
} lab_allocation_counts;

typedef struct {
    /// The totals since the process started, over all threads.
    lab_allocation_counts (*read)(void);
    /// The calling thread's own totals.
    lab_allocation_counts (*read_this_thread)(void);
    /// Counting on (1) or off (0).
    void (*set_counting)(int on);
} lab_allocation_counter;

/// Called once by a counter, from a constructor, before main.
void lab_allocation_counter_install(const lab_allocation_counter *counter);
/// The installed counter, or NULL where this program links none (or none works here).
const lab_allocation_counter *lab_allocation_counter_installed(void);
#endif
