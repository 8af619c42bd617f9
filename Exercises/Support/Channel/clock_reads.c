// The clock reads: how often each thread read the time, counted where it asks the C library for
// it (see include/CheckChannel.h). The program defines `clock_gettime` and `gettimeofday` before
// the C library's, and forwards to them: the Swift runtime's clocks (`ContinuousClock`,
// `SuspendingClock`), Foundation's `Date` and `ProcessInfo.systemUptime` call them from their own
// libraries, which find the program's first. Linux only: on macOS a library's calls go where its
// two-level namespace says, never here.
#define _GNU_SOURCE
#include "CheckChannel.h"
#include <dlfcn.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/time.h>
#include <time.h>

#if defined(__linux__)
static _Thread_local unsigned long long reads;

typedef int (*clock_gettime_function)(clockid_t clock, struct timespec *time);
static _Atomic(clock_gettime_function) libc_clock_gettime;

int clock_gettime(clockid_t clock, struct timespec *time) {
    clock_gettime_function next = atomic_load(&libc_clock_gettime);
    if (!next) {
        next = (clock_gettime_function)dlsym(RTLD_NEXT, "clock_gettime");
        if (!next) abort();  // No C library clock: nothing here can go on.
        atomic_store(&libc_clock_gettime, next);
    }
    reads++;
    return next(clock, time);
}

typedef int (*gettimeofday_function)(struct timeval *time, void *zone);
static _Atomic(gettimeofday_function) libc_gettimeofday;

int gettimeofday(struct timeval *time, void *zone) {
    gettimeofday_function next = atomic_load(&libc_gettimeofday);
    if (!next) {
        next = (gettimeofday_function)dlsym(RTLD_NEXT, "gettimeofday");
        if (!next) abort();  // As above.
        atomic_store(&libc_gettimeofday, next);
    }
    reads++;
    return next(time, zone);
}

unsigned long long lab_check_clock_reads(void) { return reads; }
#else
unsigned long long lab_check_clock_reads(void) { return 0; }
#endif
