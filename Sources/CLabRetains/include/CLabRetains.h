// Counting retain/release traffic: how many strong retains and releases a program's code asks of
// the Swift runtime. See retains.c for what is counted and how, and docs/HARNESS.md ("Retains and
// releases") for what the figures mean. Nothing to call here: linking this target installs the
// counter (LabCounterHooks.h), which LabBench's RetainCounter reads.
#ifndef CLAB_RETAINS_H
#define CLAB_RETAINS_H
#include "LabCounterHooks.h"
#endif
