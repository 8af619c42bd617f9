// Linux confinement of a check: Landlock (files, TCP, signals), seccomp (system calls),
// no capabilities, no new privileges; and the supervisor's sweep of the check's tree.
// Each feature the kernel lacks is skipped with one "note" line in the report.
#if defined(__linux__)
#define _GNU_SOURCE
#include "confinement.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/audit.h>
#include <linux/capability.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <linux/securebits.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>

// Landlock, spelled out here: the C library's headers may predate the ABI this kernel has.
#ifndef SYS_landlock_create_ruleset
#define SYS_landlock_create_ruleset 444
#define SYS_landlock_add_rule 445
#define SYS_landlock_restrict_self 446
#endif
enum {
    ll_execute = 1 << 0, ll_write_file = 1 << 1, ll_read_file = 1 << 2, ll_read_dir = 1 << 3,
    ll_abi1_all = (1 << 13) - 1, ll_refer = 1 << 13, ll_truncate = 1 << 14, ll_ioctl_dev = 1 << 15,
    ll_net_bind_tcp = 1 << 0, ll_net_connect_tcp = 1 << 1,
    ll_scope_abstract_unix_socket = 1 << 0, ll_scope_signal = 1 << 1,
    ll_create_ruleset_version = 1 << 0, ll_rule_path_beneath = 1,
};
struct ll_ruleset_attr { unsigned long long fs, net, scoped; };
struct ll_path_beneath { unsigned long long allowed; int parent_fd; } __attribute__((packed));

static unsigned long long handled_fs(int abi) {
    unsigned long long rights = ll_abi1_all;
    if (abi >= 2) rights |= ll_refer;
    if (abi >= 3) rights |= ll_truncate;
    if (abi >= 5) rights |= ll_ioctl_dev;
    return rights;
}

/// System calls no check needs, refused whatever the kernel (each one a way out of the
/// sandbox or into another process: tracing, another's memory, leaving the process
/// group, mounts and namespaces, kernel keys and modules, io_uring, which seccomp cannot see into).
static const struct { long number; const char *name; } refused_calls[] = {
#ifdef SYS_ptrace
    { SYS_ptrace, "ptrace" },
#endif
#ifdef SYS_process_vm_readv
    { SYS_process_vm_readv, "process_vm_readv" },
#endif
#ifdef SYS_process_vm_writev
    { SYS_process_vm_writev, "process_vm_writev" },
#endif
#ifdef SYS_setsid
    { SYS_setsid, "setsid" },
#endif
#ifdef SYS_setpgid
    { SYS_setpgid, "setpgid" },
#endif
#ifdef SYS_mount
    { SYS_mount, "mount" },
#endif
#ifdef SYS_umount2
    { SYS_umount2, "umount2" },
#endif
#ifdef SYS_pivot_root
    { SYS_pivot_root, "pivot_root" },
#endif
#ifdef SYS_chroot
    { SYS_chroot, "chroot" },
#endif
#ifdef SYS_unshare
    { SYS_unshare, "unshare" },
#endif
#ifdef SYS_setns
    { SYS_setns, "setns" },
#endif
#ifdef SYS_bpf
    { SYS_bpf, "bpf" },
#endif
#ifdef SYS_perf_event_open
    { SYS_perf_event_open, "perf_event_open" },
#endif
#ifdef SYS_keyctl
    { SYS_keyctl, "keyctl" },
#endif
#ifdef SYS_add_key
    { SYS_add_key, "add_key" },
#endif
#ifdef SYS_request_key
    { SYS_request_key, "request_key" },
#endif
#ifdef SYS_init_module
    { SYS_init_module, "init_module" },
#endif
#ifdef SYS_finit_module
    { SYS_finit_module, "finit_module" },
#endif
#ifdef SYS_delete_module
    { SYS_delete_module, "delete_module" },
#endif
#ifdef SYS_kexec_load
    { SYS_kexec_load, "kexec_load" },
#endif
#ifdef SYS_kexec_file_load
    { SYS_kexec_file_load, "kexec_file_load" },
#endif
#ifdef SYS_reboot
    { SYS_reboot, "reboot" },
#endif
#ifdef SYS_swapon
    { SYS_swapon, "swapon" },
#endif
#ifdef SYS_swapoff
    { SYS_swapoff, "swapoff" },
#endif
#ifdef SYS_acct
    { SYS_acct, "acct" },
#endif
#ifdef SYS_userfaultfd
    { SYS_userfaultfd, "userfaultfd" },
#endif
#ifdef SYS_io_uring_setup
    { SYS_io_uring_setup, "io_uring_setup" },
#endif
#ifdef SYS_io_uring_enter
    { SYS_io_uring_enter, "io_uring_enter" },
#endif
#ifdef SYS_io_uring_register
    { SYS_io_uring_register, "io_uring_register" },
#endif
#ifdef SYS_pidfd_getfd
    { SYS_pidfd_getfd, "pidfd_getfd" },
#endif
#ifdef SYS_pidfd_send_signal
    { SYS_pidfd_send_signal, "pidfd_send_signal" },
#endif
#ifdef SYS_kcmp
    { SYS_kcmp, "kcmp" },
#endif
#ifdef SYS_process_madvise
    { SYS_process_madvise, "process_madvise" },
#endif
#ifdef SYS_open_by_handle_at
    { SYS_open_by_handle_at, "open_by_handle_at" },
#endif
#ifdef SYS_name_to_handle_at
    { SYS_name_to_handle_at, "name_to_handle_at" },
#endif
#ifdef SYS_fanotify_init
    { SYS_fanotify_init, "fanotify_init" },
#endif
#ifdef SYS_personality
    { SYS_personality, "personality" },
#endif
#ifdef SYS_move_mount
    { SYS_move_mount, "move_mount" },
#endif
#ifdef SYS_open_tree
    { SYS_open_tree, "open_tree" },
#endif
#ifdef SYS_fsopen
    { SYS_fsopen, "fsopen" },
#endif
#ifdef SYS_fsmount
    { SYS_fsmount, "fsmount" },
#endif
#ifdef SYS_fsconfig
    { SYS_fsconfig, "fsconfig" },
#endif
#ifdef SYS_fspick
    { SYS_fspick, "fspick" },
#endif
#ifdef SYS_mount_setattr
    { SYS_mount_setattr, "mount_setattr" },
#endif
#ifdef SYS_quotactl
    { SYS_quotactl, "quotactl" },
#endif
};

/// Refused only where Landlock cannot scope signals (ABI < 6): signals to other processes.
static const struct { long number; const char *name; } signal_calls[] = {
    { SYS_kill, "kill" }, { SYS_tgkill, "tgkill" }, { SYS_tkill, "tkill" },
    { SYS_rt_sigqueueinfo, "rt_sigqueueinfo" }, { SYS_rt_tgsigqueueinfo, "rt_tgsigqueueinfo" },
    { SYS_clone, "clone (a new namespace)" },
};

const char *lab_sandbox_refused_call_name(long number) {
    for (size_t i = 0; i < sizeof refused_calls / sizeof refused_calls[0]; i++)
        if (refused_calls[i].number == number) return refused_calls[i].name;
    for (size_t i = 0; i < sizeof signal_calls / sizeof signal_calls[0]; i++)
        if (signal_calls[i].number == number) return signal_calls[i].name;
    return 0;
}

#if defined(__x86_64__)
#define LAB_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define LAB_AUDIT_ARCH AUDIT_ARCH_AARCH64
#endif

static int emit(lab_confinement *c, unsigned short code, unsigned int k, unsigned char jt, unsigned char jf) {
    if (c->filter_length >= lab_max_filter) return -1;
    int at = c->filter_length++;
    c->filter[at].code = code;
    c->filter[at].jt = jt;
    c->filter[at].jf = jf;
    c->filter[at].k = k;
    return at;
}

#define ARG0_LOW (offsetof(struct seccomp_data, args) + 0)

/// `if nr == number { load arg0; if arg0 is one of the check's own ids: allow; else trap }`.
/// The ids (0, the pid, -pid) are patched in once the check's pid is known.
static void emit_own_target(lab_confinement *c, long number, int allow_zero, int allow_negative) {
    int ids = 1 + (allow_zero ? 1 : 0) + (allow_negative ? 1 : 0);
    // jeq number: fall into the block; else skip it (load + ids compares + trap + allow).
    emit(c, BPF_JMP | BPF_JEQ | BPF_K, (unsigned int)number, 0, (unsigned char)(1 + ids + 2));
    emit(c, BPF_LD | BPF_W | BPF_ABS, ARG0_LOW, 0, 0);
    int remaining = ids;
    if (allow_zero) { remaining--; emit(c, BPF_JMP | BPF_JEQ | BPF_K, 0, (unsigned char)(remaining + 1), 0); }
    remaining--;
    int slot = emit(c, BPF_JMP | BPF_JEQ | BPF_K, 0, (unsigned char)(remaining + 1), 0);
    if (slot >= 0 && c->pid_slot_count < 8) c->pid_slots[c->pid_slot_count++] = slot;
    if (allow_negative) {
        remaining--;
        int negative = emit(c, BPF_JMP | BPF_JEQ | BPF_K, 0, 1, 0);
        if (negative >= 0 && c->negative_pid_slot_count < 8) c->negative_pid_slots[c->negative_pid_slot_count++] = negative;
    }
    emit(c, BPF_RET | BPF_K, SECCOMP_RET_TRAP, 0, 0);
    emit(c, BPF_RET | BPF_K, SECCOMP_RET_ALLOW, 0, 0);
}

static void build_filter(lab_confinement *c, int scoped_signals) {
    c->filter_length = 0;
#ifdef LAB_AUDIT_ARCH
    emit(c, BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch), 0, 0);
    emit(c, BPF_JMP | BPF_JEQ | BPF_K, LAB_AUDIT_ARCH, 1, 0);
    emit(c, BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS, 0, 0);
    emit(c, BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr), 0, 0);
#if defined(__x86_64__)
    // The x32 ABI's numbers would name other calls: refuse them all.
    emit(c, BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1);
    emit(c, BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS, 0, 0);
#endif
    for (size_t i = 0; i < sizeof refused_calls / sizeof refused_calls[0]; i++) {
        emit(c, BPF_JMP | BPF_JEQ | BPF_K, (unsigned int)refused_calls[i].number, 0, 1);
        emit(c, BPF_RET | BPF_K, SECCOMP_RET_TRAP, 0, 0);
    }
    // clone3 passes its flags in memory seccomp cannot read: "not implemented" makes the C
    // library fall back to clone, whose flags it can (threads and forks, no namespaces).
#ifdef SYS_clone3
    emit(c, BPF_JMP | BPF_JEQ | BPF_K, SYS_clone3, 0, 1);
    emit(c, BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS, 0, 0);
#endif
    const unsigned int namespaces = CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER
        | CLONE_NEWPID | CLONE_NEWNET;
    emit(c, BPF_JMP | BPF_JEQ | BPF_K, SYS_clone, 0, 4);
    emit(c, BPF_LD | BPF_W | BPF_ABS, ARG0_LOW, 0, 0);
    emit(c, BPF_JMP | BPF_JSET | BPF_K, namespaces, 0, 1);
    emit(c, BPF_RET | BPF_K, SECCOMP_RET_TRAP, 0, 0);
    emit(c, BPF_RET | BPF_K, SECCOMP_RET_ALLOW, 0, 0);
    if (!scoped_signals) {
        // Without Landlock's signal scope, signals go only to the check's own process and group.
        emit_own_target(c, SYS_kill, 1, 1);
        emit_own_target(c, SYS_tgkill, 0, 0);
        emit_own_target(c, SYS_rt_sigqueueinfo, 0, 0);
        emit_own_target(c, SYS_rt_tgsigqueueinfo, 0, 0);
        emit(c, BPF_JMP | BPF_JEQ | BPF_K, SYS_tkill, 0, 1);
        emit(c, BPF_RET | BPF_K, SECCOMP_RET_TRAP, 0, 0);
    }
    emit(c, BPF_RET | BPF_K, SECCOMP_RET_ALLOW, 0, 0);
#else
    (void)scoped_signals;
#endif
}

int lab_sandbox_landlock_abi(void) {
    long abi = syscall(SYS_landlock_create_ruleset, 0, 0, ll_create_ruleset_version);
    return abi > 0 ? (int)abi : 0;
}

void lab_prepare_confinement(const lab_sandbox_spec *spec, lab_confinement *c) {
    memset(c, 0, sizeof *c);
    c->scratch_descriptor = -1;
    c->landlock_abi = lab_sandbox_landlock_abi();
    if (spec->landlock_abi_limit < 0) c->landlock_abi = 0;
    else if (spec->landlock_abi_limit > 0 && c->landlock_abi > spec->landlock_abi_limit) c->landlock_abi = spec->landlock_abi_limit;
    unsigned long long handled = handled_fs(c->landlock_abi);
    const unsigned long long file_rights = ll_execute | ll_write_file | ll_read_file | ll_truncate | ll_ioctl_dev;
    for (int writable = 0; writable < 2; writable++) {
        const char *const *paths = writable ? spec->writable : spec->readable;
        for (int i = 0; paths && paths[i] && c->rule_count < lab_max_rules; i++) {
            int fd = open(paths[i], O_PATH | O_CLOEXEC);
            if (fd < 0) continue;
            struct stat info;
            if (fstat(fd, &info) != 0) { close(fd); continue; }
            unsigned long long rights = writable ? handled : (ll_execute | ll_read_file | ll_read_dir);
            if (!S_ISDIR(info.st_mode)) rights &= file_rights;  // a file's rule takes only a file's rights
            c->rule_descriptors[c->rule_count] = fd;
            c->rule_rights[c->rule_count] = rights & handled;
            c->rule_count++;
        }
    }
    c->scratch_descriptor = open(spec->scratch, O_PATH | O_CLOEXEC | O_DIRECTORY);
    build_filter(c, c->landlock_abi >= 6);
}

void lab_release_confinement(lab_confinement *c) {
    for (int i = 0; i < c->rule_count; i++) close(c->rule_descriptors[i]);
    if (c->scratch_descriptor >= 0) close(c->scratch_descriptor);
}

static int apply_landlock(lab_confinement *c, int report) {
    if (c->landlock_abi <= 0) {
        lab_report_text(report, "note", "Landlock is not available in this kernel: the check can read and write whatever this user can");
        return 0;
    }
    struct ll_ruleset_attr attributes = { handled_fs(c->landlock_abi), 0, 0 };
    size_t size = sizeof attributes.fs;
    if (c->landlock_abi >= 4) { attributes.net = ll_net_bind_tcp | ll_net_connect_tcp; size += sizeof attributes.net; }
    if (c->landlock_abi >= 6) { attributes.scoped = ll_scope_abstract_unix_socket | ll_scope_signal; size += sizeof attributes.scoped; }
    int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attributes, size, 0);
    if (ruleset < 0) {
        lab_report_text(report, "note", "Landlock refused to make a ruleset: files are not confined");
        return 0;
    }
    for (int i = 0; i < c->rule_count; i++) {
        struct ll_path_beneath rule = { c->rule_rights[i], c->rule_descriptors[i] };
        if (rule.allowed == 0) continue;
        syscall(SYS_landlock_add_rule, ruleset, ll_rule_path_beneath, &rule, 0);
    }
    if (c->scratch_descriptor >= 0) {
        struct ll_path_beneath scratch = { handled_fs(c->landlock_abi), c->scratch_descriptor };
        syscall(SYS_landlock_add_rule, ruleset, ll_rule_path_beneath, &scratch, 0);
    }
    long applied = syscall(SYS_landlock_restrict_self, ruleset, 0);
    close(ruleset);
    if (applied != 0) {
        lab_report_text(report, "note", "Landlock could not be applied: files are not confined");
        return 0;
    }
    if (c->landlock_abi < 4) lab_report_text(report, "note", "Landlock ABI < 4: TCP connections are not refused");
    if (c->landlock_abi < 6) lab_report_text(report, "note", "Landlock ABI < 6: signals are confined by seccomp only");
    return c->landlock_abi;
}

/// Root without capabilities is an ordinary user: it cannot override file modes, trace
/// or signal other users' processes, or get capabilities back by executing a program.
static int drop_capabilities(void) {
    prctl(PR_SET_SECUREBITS, SECBIT_NOROOT | SECBIT_NOROOT_LOCKED | SECBIT_NO_SETUID_FIXUP | SECBIT_NO_SETUID_FIXUP_LOCKED
          | SECBIT_KEEP_CAPS_LOCKED | SECBIT_NO_CAP_AMBIENT_RAISE | SECBIT_NO_CAP_AMBIENT_RAISE_LOCKED, 0, 0, 0);
    for (int capability = 0; capability < 64; capability++) prctl(PR_CAPBSET_DROP, capability, 0, 0, 0);
    prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
    struct __user_cap_header_struct header = { _LINUX_CAPABILITY_VERSION_3, 0 };
    struct __user_cap_data_struct data[2];
    memset(data, 0, sizeof data);
    return syscall(SYS_capset, &header, data) == 0;
}

static int apply_seccomp(lab_confinement *c, int report) {
#ifdef LAB_AUDIT_ARCH
    unsigned int pid = (unsigned int)getpid();
    for (int i = 0; i < c->pid_slot_count; i++) c->filter[c->pid_slots[i]].k = pid;
    for (int i = 0; i < c->negative_pid_slot_count; i++) c->filter[c->negative_pid_slots[i]].k = 0u - pid;
    struct sock_fprog program = { (unsigned short)c->filter_length, (struct sock_filter *)c->filter };
    if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program, 0, 0) == 0) return 1;
    lab_report_text(report, "note", "seccomp is not available: ptrace, setsid and the other refused system calls are not refused");
    return 0;
#else
    (void)c;
    lab_report_text(report, "note", "seccomp filter not built for this processor: system calls are not filtered");
    return 0;
#endif
}

void lab_confine(const lab_sandbox_spec *spec, lab_confinement *c, int report) {
    (void)spec;
    prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
    int landlock = apply_landlock(c, report);
    int unprivileged = drop_capabilities();
    int filtered = apply_seccomp(c, report);
    char line[96] = "landlock=";
    size_t at = strlen(line);
    line[at++] = (char)('0' + (landlock % 10));
    const char *rest = filtered ? " seccomp=1" : " seccomp=0";
    memcpy(line + at, rest, strlen(rest)); at += strlen(rest);
    rest = unprivileged ? " capabilities=0" : " capabilities=kept";
    memcpy(line + at, rest, strlen(rest)); at += strlen(rest);
    line[at] = 0;
    lab_report_text(report, "sandbox", line);
}

void lab_supervisor_prepare(void) {
    // Orphans of the check's tree are re-parented here rather than to init, so the sweep
    // below finds each one, even one that left the process group.
    prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    // A session of its own, which the check (a group of its own in it) cannot leave: seccomp
    // refuses setsid. Where the kernel groups a session's threads for the scheduler (autogroup,
    // on by default), the CPUs are shared between sessions first, so a check's threads, however
    // many, take one session's share: an audit's answer spun 256 threads (Dispatch queues of its
    // own) beside a class's checks, in the grader's session, and six correct answers graded
    // beside it failed their timing (a freeze of 908 ms, a wake-up 700 ms late). The supervisor
    // is a fork, never a group's leader, so this succeeds.
    setsid();
}

int lab_exit_handle(pid_t check) {
    // pidfd_open(2), Linux 5.3+: a descriptor that poll(2) reports readable once the check has
    // ended. -1 where the kernel (or a container's filter) refuses it: the supervisor then looks
    // every 2 ms, as before.
    long handle = syscall(434 /* pidfd_open */, check, 0);
    return handle >= 0 ? (int)handle : -1;
}

void lab_wait_for_exit(int handle, double seconds) {
    if (handle < 0) {
        struct timespec pause = { 0, 2000000 };
        nanosleep(&pause, 0);
        return;
    }
    // Whole milliseconds, rounded up, so a wait never ends just before the reading it waits for;
    // a second at most (the supervisor asks for 10 ms at most).
    int milliseconds = seconds <= 0 ? 0 : seconds >= 1 ? 1000 : (int)(seconds * 1000 + 0.999);
    struct pollfd ended = { handle, POLLIN, 0 };
    poll(&ended, 1, milliseconds);
}

unsigned long long lab_resident_bytes(pid_t pid) {
    (void)pid;
    return 0;  // RLIMIT_AS is enforced by Linux
}

/// One entry of getdents64(2), as the kernel writes it (the C library declares no such type).
struct lab_directory_entry {
    unsigned long long inode;
    long long offset;
    unsigned short length;
    unsigned char type;
    char name[];
};

/// How deep the scratch walk goes: deeper folders are over the limit (no check makes any).
enum { lab_scratch_depth = 16 };

/// Adds what `folder` holds to `bytes` and `entries`, stopping once either passes its limit.
/// getdents64 into a buffer on the stack, not opendir: the supervisor may not allocate.
static void add_usage(int folder, int depth, unsigned long long max_bytes, unsigned long long max_entries,
                      unsigned long long *bytes, unsigned long long *entries) {
    char buffer[1024] __attribute__((aligned(8)));
    for (;;) {
        long length = syscall(SYS_getdents64, folder, buffer, sizeof buffer);
        if (length <= 0) return;
        for (long at = 0; at < length;) {
            const struct lab_directory_entry *entry = (const struct lab_directory_entry *)(buffer + at);
            if (entry->length == 0) return;  // a malformed record: stop, not loop
            at += entry->length;
            const char *name = entry->name;
            if (name[0] == '.' && (name[1] == 0 || (name[1] == '.' && name[2] == 0))) continue;
            *entries += 1;
            struct stat facts;
            if (fstatat(folder, name, &facts, AT_SYMLINK_NOFOLLOW) != 0) continue;
            *bytes += (unsigned long long)facts.st_blocks * 512;
            if (*bytes > max_bytes || *entries > max_entries) return;
            if (!S_ISDIR(facts.st_mode)) continue;
            if (depth == 0) {
                *entries = ~0ULL;
                return;
            }
            int inner = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (inner < 0) continue;
            add_usage(inner, depth - 1, max_bytes, max_entries, bytes, entries);
            close(inner);
            if (*bytes > max_bytes || *entries > max_entries) return;
        }
    }
}

static unsigned long long deleted_open_bytes(pid_t check);

void lab_scratch_usage(const char *folder, pid_t check, unsigned long long max_bytes,
                       unsigned long long max_entries, unsigned long long *bytes, unsigned long long *entries) {
    *bytes = deleted_open_bytes(check);
    *entries = 0;
    int opened = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (opened < 0) return;
    add_usage(opened, lab_scratch_depth, max_bytes, max_entries, bytes, entries);
    close(opened);
}

/// `number` in decimal at `text`, which has room for 20 digits; the length written.
static size_t decimal(unsigned long long number, char *text) {
    char digits[20];
    size_t count = 0;
    do digits[count++] = (char)('0' + number % 10); while ((number /= 10) > 0 && count < sizeof digits);
    for (size_t i = 0; i < count; i++) text[i] = digits[count - 1 - i];
    return count;
}

/// The second figure of a `schedstat` file at `path` in `folder`: nanoseconds its thread spent
/// runnable, waiting for a CPU; 0 where it cannot be read.
static unsigned long long waited_in(int folder, const char *path) {
    int fd = openat(folder, path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    char text[128];
    ssize_t length = read(fd, text, sizeof text - 1);
    close(fd);
    if (length <= 0) return 0;
    text[length] = 0;
    const char *at = text;
    while (*at && *at != ' ') at++;  // the time it ran
    while (*at == ' ') at++;
    unsigned long long waited = 0;
    while (*at >= '0' && *at <= '9') waited = waited * 10 + (unsigned long long)(*at++ - '0');
    return waited;
}

/// Opens `/proc/<check>/<leaf>` and leaves `path` holding that folder's name and a slash, an
/// entry's name to go at `*at`; -1 where it cannot be opened. No allocation (the supervisor is a
/// fork's child).
static int open_process_folder(pid_t check, const char *leaf, char *path, size_t size, size_t *at) {
    memcpy(path, "/proc/", 7);
    size_t used = 6;
    used += decimal((unsigned long long)check, path + used);
    size_t leaf_length = strlen(leaf);
    if (used + leaf_length + 3 > size) return -1;
    path[used++] = '/';
    memcpy(path + used, leaf, leaf_length + 1);
    used += leaf_length;
    int directory = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (directory < 0) return -1;
    path[used++] = '/';
    *at = used;
    return directory;
}

double lab_cpu_wait_seconds(pid_t check) {
    // Raw reads into buffers of our own: the supervisor is a fork's child, and may not allocate.
    char path[96];
    size_t at = 0;
    int directory = open_process_folder(check, "task", path, sizeof path, &at);
    if (directory < 0) return 0;
    unsigned long long most = 0;
    char entries[4096];
    long length;
    while ((length = syscall(SYS_getdents64, directory, entries, sizeof entries)) > 0) {
        for (long offset = 0; offset < length;) {
            // struct linux_dirent64: inode, offset, record length, type, name.
            const char *entry = entries + offset;
            unsigned short record;
            memcpy(&record, entry + 16, sizeof record);
            const char *name = entry + 19;
            if (record == 0) break;  // a malformed record: stop, not loop
            offset += record;
            size_t name_length = strnlen(name, 24);
            if (name[0] < '0' || name[0] > '9' || name_length > 20) continue;
            memcpy(path + at, name, name_length);
            memcpy(path + at + name_length, "/schedstat", 11);
            // Relative to the folder already open: /proc/<check>/task is not looked up again.
            unsigned long long waited = waited_in(directory, path + at);
            if (waited > most) most = waited;
        }
    }
    close(directory);
    return (double)most / 1e9;
}

/// Kills this process's children until none is left: a killed process's own children are
/// re-parented here (we are their subreaper), so the loop reaches the whole tree.
long lab_sweep_descendants(pid_t check) {
    (void)check;
    char path[64] = "/proc/self/task/";
    char digits[16];
    int n = 0;
    for (pid_t self = getpid(); self > 0 && n < 15; self /= 10) digits[n++] = (char)('0' + self % 10);
    size_t at = strlen(path);
    while (n > 0) path[at++] = digits[--n];
    memcpy(path + at, "/children", 10);
    long strays = 0;
    for (int round = 0; round < 2500; round++) {
        int status;
        pid_t gone;
        while ((gone = waitpid(-1, &status, WNOHANG)) > 0) strays++;
        if (gone < 0 && errno == ECHILD) break;
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd >= 0) {
            char list[4096];
            ssize_t length = read(fd, list, sizeof list - 1);
            close(fd);
            long pid = 0;
            for (ssize_t i = 0; i <= length; i++) {
                if (i < length && list[i] >= '0' && list[i] <= '9') { pid = pid * 10 + (list[i] - '0'); continue; }
                if (pid > 0) { kill((pid_t)-pid, SIGKILL); kill((pid_t)pid, SIGKILL); }
                pid = 0;
            }
        }
        struct timespec pause = { 0, 2000000 };
        nanosleep(&pause, 0);
    }
    return strays;
}
#endif

#if defined(__linux__)
/// Bytes of the files the check holds open that no folder names any more: written, then deleted
/// while open, they still take the disk, and the scratch folder's walk cannot see them. Read
/// through the check's descriptors (its threads share them), each stat'ed through its
/// /proc/<pid>/fd link, which reaches the open file. Async-signal-safe.
static unsigned long long deleted_open_bytes(pid_t check) {
    char path[96];
    size_t at = 0;
    int directory = open_process_folder(check, "fd", path, sizeof path, &at);
    if (directory < 0) return 0;
    unsigned long long total = 0;
    char buffer[1024] __attribute__((aligned(8)));
    long length;
    while ((length = syscall(SYS_getdents64, directory, buffer, sizeof buffer)) > 0) {
        for (long offset = 0; offset < length;) {
            const struct lab_directory_entry *entry = (const struct lab_directory_entry *)(buffer + offset);
            if (entry->length == 0) break;  // a malformed record: stop, not loop
            offset += entry->length;
            size_t name_length = strlen(entry->name);
            if (entry->name[0] == '.' || at + name_length >= sizeof path) continue;
            memcpy(path + at, entry->name, name_length + 1);
            struct stat facts;
            // Relative to the folder already open: /proc/<check>/fd is not looked up again.
            if (fstatat(directory, path + at, &facts, 0) == 0 && S_ISREG(facts.st_mode) && facts.st_nlink == 0) {
                total += (unsigned long long)facts.st_blocks * 512;
            }
        }
    }
    close(directory);
    return total;
}
#endif
