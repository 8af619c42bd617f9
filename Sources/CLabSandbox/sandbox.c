// The grader's launcher: fork a supervisor, which forks the check, confines it and
// execs it, then waits, enforces the wall clock and sweeps up every process the check
// started. See CLabSandbox.h for the protocol and docs/THREAT-MODEL.md for what each
// layer stops. Between fork and execve only async-signal-safe calls are made (the
// grader is multithreaded: another thread may hold malloc's lock at the fork).
#define _GNU_SOURCE
#include "CLabSandbox.h"
#include "confinement.h"
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/wait.h>

#if defined(__linux__)
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

static double monotonic_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static void limit(int resource, unsigned long long value) {
    if (value == 0) return;
    struct rlimit bound = { (rlim_t)value, (rlim_t)value };
    setrlimit(resource, &bound);
}

/// Marks every descriptor from `first` up close-on-exec: the grader's other descriptors
/// (another check's pipes, say) never reach the check, while Landlock's rule descriptors
/// stay usable until the confinement is applied just before execve.
static void close_on_exec_from(int first) {
#if defined(__linux__)
    // One call where the kernel has it (5.11+): CLOSE_RANGE_CLOEXEC is 1 << 2.
    if (syscall(436 /* close_range */, (unsigned int)first, ~0U, 1U << 2) == 0) return;
#endif
    long most = sysconf(_SC_OPEN_MAX);
    if (most < 0 || most > 65536) most = 65536;
    for (int fd = first; fd < most; fd++) {
        int flags = fcntl(fd, F_GETFD);
        if (flags >= 0) fcntl(fd, F_SETFD, flags | FD_CLOEXEC);
    }
}

/// Closes every descriptor from `first` up to `last` (inclusive), in one call where the kernel
/// has close_range (Linux 5.9+), else one by one up to the open-files limit: a close for each
/// possible descriptor was 20,000 system calls a supervisor here (65,536 where the limit is
/// higher), about 4 ms of its CPU (docs/MEASUREMENTS.md, session 67).
static void close_between(int first, unsigned int last) {
#if defined(__linux__)
    if (syscall(436 /* close_range */, (unsigned int)first, last, 0U) == 0) return;
#endif
    long most = sysconf(_SC_OPEN_MAX);
    if (most < 0 || most > 65536) most = 65536;
    for (long fd = first; fd < most && (unsigned long)fd <= last; fd++) close((int)fd);
}

/// Closes every descriptor from `first` up, except `keep`.
static void close_from(int first, int keep) {
    if (keep < first) {
        close_between(first, ~0U);
        return;
    }
    if (keep > first) close_between(first, (unsigned int)keep - 1);
    close_between(keep + 1, ~0U);
}

/// In the check's process, before execve: its descriptors, group, limits, then confinement.
static void become_check(const lab_sandbox_spec *spec, lab_confinement *confinement, int report, pid_t supervisor) {
    // A new process group: the check and whatever it forks, stopped together.
    setpgid(0, 0);
    // The supervisor dies only at the very end; if it is killed, so is the check (and if it
    // died already, between the fork and here, the check never starts).
#if defined(__linux__)
    prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    if (getppid() != supervisor) _exit(127);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, 0);
    for (int sig = 1; sig < NSIG; sig++) {
        if (sig == SIGKILL || sig == SIGSTOP) continue;
        struct sigaction fresh;
        memset(&fresh, 0, sizeof fresh);
        fresh.sa_handler = SIG_DFL;
        sigaction(sig, &fresh, 0);
    }
    int null = open("/dev/null", O_RDWR);
    // Above the targets 0-4, so no dup2 below overwrites it before it is used.
    if (null >= 0 && null < 20) {
        int high = fcntl(null, F_DUPFD_CLOEXEC, 20);
        close(null);
        null = high;
    }
    // The report descriptor must survive the dup2s below until execve closes it.
    int moved = fcntl(report, F_DUPFD_CLOEXEC, 20);
    if (moved >= 0) report = moved;
    for (int target = 0; target < 5; target++) {
        int source = spec->descriptors[target] >= 0 ? spec->descriptors[target] : null;
        if (source >= 0) dup2(source, target);
    }
    close_on_exec_from(5);
    if (chdir(spec->scratch) != 0) {
        lab_report_number(report, "exec-failed", errno);
        _exit(127);
    }
    limit(RLIMIT_AS, spec->memory_bytes);
    limit(RLIMIT_CPU, spec->cpu_seconds);
    limit(RLIMIT_FSIZE, spec->file_size_bytes);
    // No core files: 1 byte, because 0 still lets a core_pattern pipe helper run (core(5)).
    limit(RLIMIT_CORE, 1);
    lab_confine(spec, confinement, report);
    execve(spec->executable, spec->argv, spec->envp);
    lab_report_number(report, "exec-failed", errno);
    _exit(127);
}

double lab_scratch_reading_interval(unsigned long long bytes, unsigned long long entries,
                                    unsigned long long max_bytes, unsigned long long max_entries) {
    // From an eighth (32 MB of 256) at one reading, passing the limit by the next takes writing
    // over 5 GB/s; past an eighth the folder is read every 10 ms, as it always was. Reading it
    // (with a stat of each of the check's descriptors) was most of a supervisor's CPU: about 7 s
    // of a whole catalogue's `--verify` at every 10 ms (docs/MEASUREMENTS.md, session 54).
    return bytes <= max_bytes / 8 && entries <= max_entries / 8 ? 0.04 : 0.01;
}

/// The supervisor: starts the check, waits for it within the wall clock, then stops
/// everything the check left running. Single-threaded (a fork's child), so it may wait for any child.
static void supervise(const lab_sandbox_spec *spec, lab_confinement *confinement) {
    int report = spec->report_descriptor;
    signal(SIGPIPE, SIG_IGN);  // the grader gone: keep sweeping, report nothing
    // The check is reaped here, never by the kernel: with SIGCHLD ignored (a disposition a
    // grader started so would pass on), waitpid would never return it, and its pidfd would say
    // it ended at every look (a loop at full CPU until the wall clock called it a timeout).
    signal(SIGCHLD, SIG_DFL);
    lab_supervisor_prepare();  // Linux: orphans of the check's tree become this process's children
    pid_t self = getpid();
    pid_t check = fork();
    if (check < 0) {
        lab_report_number(report, "exec-failed", errno);
        _exit(0);
    }
    if (check == 0) become_check(spec, confinement, report, self);
    setpgid(check, check);  // also here: whichever runs first, the group exists before anyone signals it
    close_from(0, report);
    lab_report_number(report, "started", check);
    // Opened after the descriptors are closed, and after the check's fork: never the check's.
    int exit_handle = lab_exit_handle(check);

    // The wall clock, lengthened by the time the check waited for a CPU it could have used (its
    // most-waiting thread's), up to the clock's length again: a check that did its work on a
    // machine too busy to let it run is not called stuck (a catalogue's correct answers were,
    // beside two CPU-bound processes), and one that awaits forever waits for no CPU. One whose
    // own loop keeps its other threads from the CPU is given more time too, at most that again.
    double started = monotonic_seconds();
    double waited = 0;
    double next_reading = started + 0.1;
    double next_scratch_reading = started;
    int status = 0;
    int ended = 0;
    while (!ended) {
        int any;
        pid_t gone = waitpid(-1, &any, WNOHANG);
        if (gone == check) {
            status = any;
            ended = 1;
            break;
        }
        if (gone > 0) continue;  // a descendant orphaned to us: reaped
        double now = monotonic_seconds();
        if (now >= next_reading || now > started + spec->wall_seconds + waited) {
            double reading = lab_cpu_wait_seconds(check);
            if (reading > waited) waited = reading < spec->wall_seconds ? reading : spec->wall_seconds;
            next_reading = now + 0.1;
        }
        if (now > started + spec->wall_seconds + waited) {
            kill(-check, SIGKILL);
            kill(check, SIGKILL);
            waitpid(check, &status, 0);
            lab_report_number(report, "cpu-wait-ms", (long long)(waited * 1000));
            lab_report_text(report, "timeout", "");
            break;
        }
        unsigned long long resident = lab_resident_bytes(check);
        if (spec->memory_bytes > 0 && resident > spec->memory_bytes) {
            kill(-check, SIGKILL);
            kill(check, SIGKILL);
            waitpid(check, &status, 0);
            lab_report_number(report, "memory", (long long)resident);
            break;
        }
        // The scratch folder, every 10 ms once it holds more than an eighth of either limit: at a RAM
        // disk's speed an answer writes tens of MB in that time, not the gigabytes that would fill
        // the disk other checks write to. Below an eighth, every 40 ms (lab_scratch_reading_interval).
        if (spec->scratch_bytes > 0 && now >= next_scratch_reading) {
            unsigned long long bytes = 0, entries = 0;
            lab_scratch_usage(spec->scratch, check, spec->scratch_bytes, spec->scratch_entries, &bytes, &entries);
            if (bytes > spec->scratch_bytes || entries > spec->scratch_entries) {
                kill(-check, SIGKILL);
                kill(check, SIGKILL);
                waitpid(check, &status, 0);
                lab_report_number(report, "scratch-entries", entries == ~0ULL ? -1 : (long long)entries);
                lab_report_number(report, "scratch", (long long)bytes);
                break;
            }
            next_scratch_reading =
                now + lab_scratch_reading_interval(bytes, entries, spec->scratch_bytes, spec->scratch_entries);
        }
        // Until the check ends or the next reading is due, and never more than 10 ms, which
        // is how soon an orphan of the check's tree is reaped: a supervisor woken every 2 ms to
        // find nothing new took about a quarter of its CPU (docs/MEASUREMENTS.md, session 67).
        double wake = started + spec->wall_seconds + waited;
        if (next_reading < wake) wake = next_reading;
        if (spec->scratch_bytes > 0 && next_scratch_reading < wake) wake = next_scratch_reading;
        double nap = wake - monotonic_seconds();
        lab_wait_for_exit(exit_handle, nap < 0.01 ? nap : 0.01);
    }
    if (exit_handle >= 0) close(exit_handle);
    if (ended) lab_report_number(report, "ended", status);
    // Everything the check started: its group at once, then any process that left the
    // group (Linux: each becomes our child when its parent dies, so the sweep reaches
    // the whole tree).
    kill(-check, SIGKILL);
    long strays = lab_sweep_descendants(check);
    lab_report_number(report, "strays", strays);
    _exit(0);
}

int lab_sandbox_spawn(const lab_sandbox_spec *spec, pid_t *supervisor) {
    // Everything the children need, made here: the child may not allocate.
    lab_confinement confinement;
    lab_prepare_confinement(spec, &confinement);
    pid_t pid = fork();
    if (pid < 0) {
        int error = errno;
        lab_release_confinement(&confinement);
        return error;
    }
    if (pid == 0) {
#if defined(__linux__)
        // The grader gone (killed, or a crash): the supervisor goes too, and with it the check.
        prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
        supervise(spec, &confinement);
        _exit(0);
    }
    lab_release_confinement(&confinement);
    *supervisor = pid;
    return 0;
}

const char *lab_sandbox_swift_runtime_path(void) {
    // A runtime function no lab counter defines: `lab` and the tests define swift_retain and
    // swift_task_switch themselves (Sources/CLabRetains, Sources/CLabHops), which dlsym finds
    // first, in the program, not in the runtime.
    void *runtime = dlsym(RTLD_DEFAULT, "swift_allocObject");
    Dl_info info;
    if (runtime == 0 || dladdr(runtime, &info) == 0) return 0;
    return info.dli_fname;
}

void lab_sandbox_protect_grader(void) {
#if defined(__linux__)
    prctl(PR_SET_DUMPABLE, 0);
#endif
}
