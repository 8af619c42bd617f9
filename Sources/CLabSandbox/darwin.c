// macOS confinement of a check: the Seatbelt profile that sandbox-exec(1) applies
// (deprecated but present on every macOS release so far, and the only sandbox a process
// can apply to a program it starts without entitlements). Not run on the machine this lab is
// developed on (Tools/darwin-compile type-checks it against a macOS SDK's headers): see
// docs/THREAT-MODEL.md for what is and is not verified.
#if defined(__APPLE__)
#include "confinement.h"
#include <errno.h>
#include <libproc.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>

static const char *const sandbox_exec = "/usr/bin/sandbox-exec";

/// Appends `(<kind> "<path>")` for the real path (Seatbelt matches resolved paths:
/// /tmp is /private/tmp), into `filters`. Quotes and backslashes cannot appear in a rule:
/// such a path is left out, as is one that does not exist. Returns whether it was added.
static int append_path(char *filters, size_t size, const char *kind, const char *path) {
    char real[PATH_MAX];
    if (realpath(path, real) == 0) return 0;
    if (strpbrk(real, "\"\\") != 0) return 0;
    size_t used = strlen(filters);
    snprintf(filters + used, size - used, " (%s \"%s\")", kind, real);
    return 1;
}

/// Appends `(<rule> <filters>)` to the profile, only if there are filters: a rule without
/// one would apply to every path.
static void append_rule(char *profile, size_t size, const char *rule, const char *filters) {
    if (filters[0] == 0) return;
    size_t used = strlen(profile);
    snprintf(profile + used, size - used, "(%s%s)\n", rule, filters);
}

void lab_prepare_confinement(const lab_sandbox_spec *spec, lab_confinement *c) {
    memset(c, 0, sizeof *c);
    char *p = c->profile;
    size_t size = sizeof c->profile;
    // Allow by default: Foundation and the Swift runtime reach system services that no
    // list here could keep up with. Then deny, last rule winning: the network, writing
    // anywhere but the scratch folder, reading or writing the lab and the students'
    // folders, and signals to processes outside this sandbox.
    snprintf(p, size, "(version 1)\n(allow default)\n(deny network*)\n(deny file-write*)\n");
    char filters[lab_profile_size / 2];  // on the stack: lab grade starts checks from several threads at once
    filters[0] = 0;
    append_path(filters, sizeof filters, "subpath", spec->scratch);
    for (int i = 0; spec->writable && spec->writable[i]; i++) append_path(filters, sizeof filters, "literal", spec->writable[i]);
    append_rule(p, size, "allow file-write*", filters);
    filters[0] = 0;
    for (int i = 0; spec->protected_paths && spec->protected_paths[i]; i++)
        append_path(filters, sizeof filters, "subpath", spec->protected_paths[i]);
    append_rule(p, size, "deny file-read* file-write*", filters);
    // The check's binary is built inside the lab folder: it alone may be read there.
    filters[0] = 0;
    append_path(filters, sizeof filters, "literal", spec->executable);
    append_rule(p, size, "allow file-read* process-exec*", filters);
    strncat(p, "(deny signal)\n(allow signal (target same-sandbox))\n"
            "(deny mach-lookup (global-name \"com.apple.coreservices.launchservicesd\") (global-name \"com.apple.coreservices.appleevents\"))\n",
            size - strlen(p) - 1);
    c->profile_fits = strlen(p) < size - 2;
    int at = 0;
    c->argv[at++] = (char *)sandbox_exec;
    c->argv[at++] = (char *)"-p";
    c->argv[at++] = c->profile;
    c->argv[at++] = (char *)spec->executable;
    for (int i = 1; spec->argv[i] && at < lab_max_argv - 1; i++) c->argv[at++] = spec->argv[i];
    c->argv[at] = 0;
}

void lab_release_confinement(lab_confinement *c) { (void)c; }

void lab_confine(const lab_sandbox_spec *spec, lab_confinement *c, int report) {
    if (!c->profile_fits) {
        lab_report_text(report, "note", "the sandbox profile was too long: the check runs unconfined");
        return;
    }
    lab_report_text(report, "sandbox", "seatbelt=1");
    execve(sandbox_exec, c->argv, spec->envp);
    lab_report_text(report, "note", "sandbox-exec could not be started: the check runs unconfined");
}

void lab_supervisor_prepare(void) {}

// No handle on macOS: the supervisor looks every 2 ms, as it always did there. (A kqueue's
// EVFILT_PROC would wake it at the check's exit; untried, as nothing here runs macOS.)
int lab_exit_handle(pid_t check) {
    (void)check;
    return -1;
}

void lab_wait_for_exit(int handle, double seconds) {
    (void)handle;
    (void)seconds;
    struct timespec pause = { 0, 2000000 };
    nanosleep(&pause, 0);
}

unsigned long long lab_resident_bytes(pid_t pid) {
    // macOS does not enforce RLIMIT_AS: the supervisor watches the check's physical
    // footprint instead (what the system itself counts against a process). It samples every
    // few milliseconds, so a sudden allocation can pass the limit briefly; processes the
    // check starts are not counted.
    struct rusage_info_v2 usage;
    if (proc_pid_rusage(pid, RUSAGE_INFO_V2, (rusage_info_t *)&usage) != 0) return 0;
    return usage.ri_phys_footprint;
}

void lab_scratch_usage(const char *folder, pid_t check, unsigned long long max_bytes,
                       unsigned long long max_entries, unsigned long long *bytes, unsigned long long *entries) {
    // Not read on macOS: reading a folder without allocating (the supervisor is a fork's child of
    // a multithreaded grader) needs getattrlistbulk(2), untried here. The scratch folder is bounded
    // by the file size limit only (docs/THREAT-MODEL.md, "macOS").
    (void)folder;
    (void)check;
    (void)max_bytes;
    (void)max_entries;
    *bytes = 0;
    *entries = 0;
}

double lab_cpu_wait_seconds(pid_t check) {
    // Not read here: macOS counts the time a process was runnable for all its threads at once
    // (`ri_runnable_time`), not the longest any one thread waited. The wall clock is not
    // lengthened on a busy Mac (docs/THREAT-MODEL.md, "limits").
    (void)check;
    return 0;
}

long lab_sweep_descendants(pid_t check) {
    // No subreaper on macOS: the process group was stopped (sandbox.c); a process that left
    // it with setsid(2) is not reachable from here. Nothing to count.
    (void)check;
    return 0;
}

const char *lab_sandbox_refused_call_name(long number) {
    (void)number;
    return 0;
}

int lab_sandbox_landlock_abi(void) { return 0; }
#endif
