// The one thing Swift cannot call directly: syscall(2) is variadic, and glibc's
// gettid() is not in Swift's Glibc module. The trace records OS thread ids with it; process
// watchers wait on a pidfd with it.
#ifndef CLAB_SHIMS_H
#define CLAB_SHIMS_H
#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
static inline long lab_current_thread_id(void) { return syscall(SYS_gettid); }
/// The CPUs in this process's affinity mask; 0 if it cannot be read (see affinity.c).
int lab_affinity_cpu_count(void);
/// Pins the calling thread to one CPU of the affinity mask, the (index mod count)-th; 0 on success.
int lab_pin_calling_thread_to_allowed_cpu(int index);
/// A descriptor that becomes readable when the child `pid` ends (pidfd_open, Linux 5.3), close-on-exec;
/// -1 where the kernel has none. (glibc 2.36 declares pidfd_open; older ones only the number.)
static inline int lab_pidfd_open(int pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    return (int)syscall(434, pid, 0);
#endif
}
#endif

// Starting a child in another folder without changing the parent's (the grader's
// sandbox). glibc declares it only under _GNU_SOURCE, which Swift's Glibc module is
// built without; macOS has had it since 10.15.
#include <spawn.h>
extern int posix_spawn_file_actions_addchdir_np(posix_spawn_file_actions_t *__restrict actions, const char *__restrict path);
static inline int lab_spawn_add_chdir(posix_spawn_file_actions_t *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np(actions, path);
}
/// The file of the loaded image (executable or bundle) containing `address`, or NULL.
const char *lab_image_path(const void *address);
/// Opens a pseudo-terminal (tests drive the live lessons through one): its primary
/// side in `*primary` and the path of its replica side. 0 on success. (glibc declares
/// posix_openpt and friends only under _XOPEN_SOURCE.)
int lab_open_pseudo_terminal(int *primary, char *replicaPath, unsigned long length);

// SQLite, loaded at run time (see LabSQLite.h): no header or -dev package needed to build.
#include "LabSQLite.h"
// The allocation counter, where the program links one (see LabAllocationHooks.h).
#include "LabAllocationHooks.h"
// The runtime's demangler, for the grader (see LabDemangle.h).
#include "LabDemangle.h"
#endif
