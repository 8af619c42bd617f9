// The one thing Swift cannot call directly: syscall(2) is variadic, and glibc's
// gettid() is not in Swift's Glibc module. The trace records OS thread ids with it.
#ifndef CLAB_SHIMS_H
#define CLAB_SHIMS_H
#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
static inline long lab_current_thread_id(void) { return syscall(SYS_gettid); }
#endif
#endif
