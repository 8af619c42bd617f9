// See LabCounterHooks.h. Each table is written once before main by its counter's constructor
// and only read afterwards; the atomic store and load keep that ordering explicit.
#include "LabCounterHooks.h"
#include <stddef.h>

static const lab_hop_counter *hop_counter = NULL;
static const lab_retain_counter *retain_counter = NULL;

void lab_hop_counter_install(const lab_hop_counter *counter) { __atomic_store_n(&hop_counter, counter, __ATOMIC_RELEASE); }

const lab_hop_counter *lab_hop_counter_installed(void) { return __atomic_load_n(&hop_counter, __ATOMIC_ACQUIRE); }

void lab_retain_counter_install(const lab_retain_counter *counter) {
    __atomic_store_n(&retain_counter, counter, __ATOMIC_RELEASE);
}

const lab_retain_counter *lab_retain_counter_installed(void) { return __atomic_load_n(&retain_counter, __ATOMIC_ACQUIRE); }
