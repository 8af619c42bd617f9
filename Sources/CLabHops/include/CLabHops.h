// Counting executor hops: how often a program's async code changed executor, and how many
// jobs it handed to the global pool. See hops.c for what is counted and how, and
// docs/HARNESS.md ("Executor hops") for what the figures mean. Nothing to call here: linking
// this target installs the counter (LabCounterHooks.h), which LabBench's HopCounter reads.
#ifndef CLAB_HOPS_H
#define CLAB_HOPS_H
#include "LabCounterHooks.h"
#endif
