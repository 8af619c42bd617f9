// Counting the process's allocations: mallocs, frees and bytes requested.
// Where it works (Linux with glibc, no sanitizer), allocations.c replaces malloc and its
// family with functions that count and then call glibc's own allocator, which still does
// all the work, and installs itself in LabAllocationHooks.h's table before main; elsewhere
// it installs nothing and the lab says the counts are unavailable.
// Only programs that link this target pay for it (see LabAllocationHooks.h).
#ifndef CLAB_ALLOCATIONS_H
#define CLAB_ALLOCATIONS_H
#include "LabAllocationHooks.h"
#include "LabAllocationCost.h"
#endif
