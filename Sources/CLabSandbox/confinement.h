// What each platform provides to sandbox.c: confinement applied in the check's process
// before execve, and the supervisor's view of the check's tree. Internal to CLabSandbox.
#ifndef CLAB_CONFINEMENT_H
#define CLAB_CONFINEMENT_H
#include "CLabSandbox.h"

enum { lab_max_rules = 64, lab_max_filter = 256, lab_max_argv = 256, lab_profile_size = 16384 };

/// Everything confinement needs after the fork, made before it (the child may not allocate).
typedef struct lab_confinement {
#if defined(__linux__)
    /// O_PATH descriptors for Landlock's rules, and the rights each grants.
    int rule_descriptors[lab_max_rules];
    unsigned long long rule_rights[lab_max_rules];
    int rule_count;
    int scratch_descriptor;
    int landlock_abi;  // 0: unavailable
    /// The seccomp filter, with the places where the check's own pid goes once it is known.
    struct { unsigned short code; unsigned char jt, jf; unsigned int k; } filter[lab_max_filter];
    int filter_length;
    int pid_slots[8];
    int pid_slot_count;
    int negative_pid_slots[8];
    int negative_pid_slot_count;
#elif defined(__APPLE__)
    char profile[lab_profile_size];
    int profile_fits;
    char *argv[lab_max_argv];
#endif
} lab_confinement;

void lab_prepare_confinement(const lab_sandbox_spec *spec, lab_confinement *confinement);
void lab_release_confinement(lab_confinement *confinement);
/// In the check's process, just before execve: async-signal-safe only. Reports what it applied.
void lab_confine(const lab_sandbox_spec *spec, lab_confinement *confinement, int report);
/// In the supervisor, before it forks the check.
void lab_supervisor_prepare(void);
/// The check's resident size where the limit on address space is not enforced (macOS), else 0.
unsigned long long lab_resident_bytes(pid_t pid);
/// The longest any thread of the check has waited for a CPU while it could run, in seconds: what a
/// busy machine took from its wall clock (Linux; 0 where it cannot be read). Async-signal-safe.
double lab_cpu_wait_seconds(pid_t check);
/// What the check has put in its scratch folder: bytes allocated and entries (files and
/// folders), read until either passes its limit, and the bytes of files the check holds open
/// after deleting them (which no folder shows). A folder nested deeper than the walk goes sets
/// the entries to ~0 (over any limit). Linux; 0 and 0 elsewhere. Async-signal-safe.
void lab_scratch_usage(const char *folder, pid_t check, unsigned long long max_bytes,
                       unsigned long long max_entries, unsigned long long *bytes, unsigned long long *entries);
/// What the supervisor waits on for the check's end between its readings (Linux: a pidfd, readable
/// once the check has ended), or -1 where there is none. Opened once the check is started.
int lab_exit_handle(pid_t check);
/// Waits until `handle` says the check ended or `seconds` have passed; without a handle, 2 ms
/// (the supervisor's readings then come no later than they would have). Async-signal-safe.
void lab_wait_for_exit(int handle, double seconds);
/// Stops and reaps every process left of the check's tree; how many there were.
long lab_sweep_descendants(pid_t check);

/// One report line, "<word> <number>\n" or "<word> <text>\n", in one write (async-signal-safe).
void lab_report_number(int descriptor, const char *word, long long number);
void lab_report_text(int descriptor, const char *word, const char *text);
#endif
