// See LabAllocationHooks.h. Written once before main by the counter's constructor and only
// read afterwards; the atomic store and load keep that ordering explicit.
#include "LabAllocationHooks.h"
#include <stddef.h>

static const lab_allocation_counter *installed = NULL;

void lab_allocation_counter_install(const lab_allocation_counter *counter) {
    __atomic_store_n(&installed, counter, __ATOMIC_RELEASE);
}

const lab_allocation_counter *lab_allocation_counter_installed(void) {
    return __atomic_load_n(&installed, __ATOMIC_ACQUIRE);
}
