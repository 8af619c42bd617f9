// The grader's trusted launcher: starts a compiled check in a sandbox built from what
// the OS offers (see docs/THREAT-MODEL.md). It is C because everything between fork and
// execve must be async-signal-safe (the grader is multithreaded), which Swift cannot
// promise; every byte it needs there is prepared before the fork.
#ifndef CLAB_SANDBOX_H
#define CLAB_SANDBOX_H

#include <sys/types.h>

/// What to start and how to confine it. Paths and arrays are only read, before and
/// after the fork; the caller keeps them alive for the call.
typedef struct lab_sandbox_spec {
    const char *executable;
    char *const *argv;
    char *const *envp;
    /// The check's scratch folder: its working directory and the one place it may write.
    const char *scratch;
    /// Readable (and executable) by the check: system folders, the toolchain's libraries,
    /// the check's binary. NULL-terminated. A path that does not exist is skipped.
    const char *const *readable;
    /// Readable and writable besides the scratch folder (/dev/null). NULL-terminated.
    const char *const *writable;
    /// Linux: ignored (Landlock grants access, nothing is denied by name). macOS: folders the
    /// check may neither read nor write (the lab, the students' folders, progress). NULL-terminated.
    const char *const *protected_paths;
    unsigned long long memory_bytes;
    unsigned long long cpu_seconds;
    unsigned long long file_size_bytes;
    /// What the check may put in its scratch folder in all: bytes allocated, and files and
    /// folders (0: not watched). The folder is on the machine's shared temporary disk, which one
    /// answer filling must not take from another's check (Linux; macOS does not watch).
    unsigned long long scratch_bytes;
    unsigned long long scratch_entries;
    /// The supervisor stops the check (and everything it started) after this long, plus the time
    /// the check waited for a CPU it could have used (Linux; at most this long again).
    double wall_seconds;
    /// Placed at 0, 1, 2, 3, 4 in the check (-1: /dev/null).
    int descriptors[5];
    /// Where the supervisor reports, one line each (see lab_sandbox_spawn).
    int report_descriptor;
    /// Linux, for tests: use at most this Landlock ABI (0: what the kernel has; -1: none),
    /// to prove what an older kernel gets.
    int landlock_abi_limit;
} lab_sandbox_spec;

/// Starts a supervisor process (trusted: no student code ever runs in it), which starts
/// the check in a new process group, confined, and reports on `report_descriptor`:
///   `sandbox <facts>`      what confinement the check got (e.g. `landlock=7 seccomp=1 capabilities=0`)
///   `note <text>`          a feature this kernel lacks, one line each
///   `started <pid>`        the check's pid (also its process group)
///   `ended <wait status>`  how the check ended, as waitpid(2) reports it
///   `cpu-wait-ms N`        before `timeout`: the time the check waited for a CPU, added to its clock
///   `timeout`              the wall-clock limit was reached and the check was stopped
///   `memory <bytes>`       (macOS) the resident size passed the limit and the check was stopped
///   `scratch-entries <n>`  then `scratch <bytes>`: its scratch folder passed a limit and the check
///                          was stopped (n is -1 for folders nested deeper than the supervisor looks)
///   `strays <n>`           processes still running after the check ended, all stopped
///   `exec-failed <errno>`  the check could not be started
/// then exits 0 once no process of the check's tree is left. Returns 0 and the
/// supervisor's pid, or an errno.
int lab_sandbox_spawn(const lab_sandbox_spec *spec, pid_t *supervisor);

/// Seconds until the supervisor reads the scratch folder again, after a reading that found
/// `bytes` and `entries` there against the limits: 0.01 once either is past an eighth of its
/// limit, 0.04 below (most checks write nothing there, and reading is most of the supervisor's
/// CPU; from an eighth, reaching the limit within 0.04 s takes writing at over 5 GB/s).
double lab_scratch_reading_interval(unsigned long long bytes, unsigned long long entries,
                                    unsigned long long max_bytes, unsigned long long max_entries);

/// The Landlock ABI this kernel offers (0: none), as the supervisor will confine a check with it.
/// Linux only; 0 elsewhere (macOS confines with Seatbelt).
int lab_sandbox_landlock_abi(void);

/// The name of a system call the sandbox refuses, by its number on this machine, or NULL.
const char *lab_sandbox_refused_call_name(long number);

/// The file of the Swift runtime library this process runs on (libswiftCore), or NULL: the
/// checks are built by the same toolchain, whose libraries they must be allowed to load
/// wherever it is installed (swiftly's `swift` on PATH is a proxy, not the toolchain).
const char *lab_sandbox_swift_runtime_path(void);

/// Makes this (the grader's) process undumpable: a process of the same user without
/// capabilities can then neither open its /proc entries (its descriptors, its memory)
/// nor ptrace it. Linux only; a no-op elsewhere.
void lab_sandbox_protect_grader(void);

#endif
