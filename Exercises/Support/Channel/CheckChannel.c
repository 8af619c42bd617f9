// See include/CheckChannel.h.
#define _GNU_SOURCE
#include "CheckChannel.h"
#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <dlfcn.h>
#include <pthread.h>
#include <sys/mman.h>
#if defined(__linux__)
#include <sys/syscall.h>
#endif

/// The secret and every record line built with it live in one page. On Linux that page
/// comes from memfd_secret(2): the kernel will not hand it to /proc/self/mem or
/// process_vm_readv, so code in this process can read the secret only through a raw
/// pointer (which the grader's scan refuses). Elsewhere, or on a kernel without it, a
/// static page.
enum { page_size = 4096, secret_size = 80, line_offset = 128, signal_line_offset = 3968 };
static char fallback_page[page_size];
static char *page = fallback_page;
#define secret (page)
static pthread_mutex_t line_lock = PTHREAD_MUTEX_INITIALIZER;

static void use_secret_memory(void) {
#if defined(__linux__) && defined(SYS_memfd_secret)
    int fd = (int)syscall(SYS_memfd_secret, 0);
    if (fd < 0) return;
    if (ftruncate(fd, page_size) == 0) {
        void *mapped = mmap(0, page_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
        if (mapped != MAP_FAILED) page = mapped;
    }
    close(fd);
#endif
}

#if defined(__linux__)
/// The sandbox's seccomp filter answers a refused system call with SIGSYS, naming it in
/// si_syscall. This says which one on the private channel, then ends the process (a
/// fork's child too: it inherits the handler and the channel). Async-signal-safe: no stdio.
static void refused(int signal, siginfo_t *info, void *context) {
    (void)signal;
    (void)context;
    char *line = page + signal_line_offset;  // its own part of the page: a record may be half-built
    size_t used = strnlen(secret, secret_size - 1);
    if (used > 60) used = 60;
    memcpy(line, secret, used);
    memcpy(line + used, "\trefused\t", 9);
    used += 9;
    char digits[24];
    int at = (int)sizeof digits;
    unsigned long number = (unsigned long)(info->si_syscall < 0 ? 0 : info->si_syscall);
    do { digits[--at] = (char)('0' + number % 10); number /= 10; } while (number > 0 && at > 0);
    memcpy(line + used, digits + at, sizeof digits - (size_t)at);
    used += sizeof digits - (size_t)at;
    line[used++] = '\n';
    (void)!write(4, line, used);
    _exit(125);
}
#endif

int lab_check_open(void) {
    use_secret_memory();
    // Read straight into the page: no copy of the secret on the stack.
    char *header = page + line_offset;
    ssize_t total = 0;
    while (total < secret_size - 1) {
        ssize_t count = read(3, header + total, (size_t)(secret_size - 1 - total));
        if (count <= 0) break;
        total += count;
        if (memchr(header, '\n', (size_t)total)) break;
    }
    close(3);
    size_t length = 0;
    while (length < (size_t)total && header[length] != '\n' && header[length] != ' ') length++;
    memcpy(secret, header, length);
    secret[length] = 0;
    memset(header, 0, secret_size);
    if (length == 0) return -1;
#if defined(__linux__)
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = refused;
    action.sa_flags = SA_SIGINFO;
    sigaction(SIGSYS, &action, 0);
#endif
    return 0;
}

void lab_check_record(const char *kind, const char *text) {
    // Records come from any thread; the line is built in the page, so one at a time.
    pthread_mutex_lock(&line_lock);
    char *line = page + line_offset;
    const int size = signal_line_offset - line_offset;
    int length = snprintf(line, (size_t)size - 1, "%s\t%s\t%s", secret, kind, text);
    if (length >= 0) {
        if (length > size - 2) length = size - 2;
        for (int i = (int)strlen(secret) + 1; i < length; i++) if (line[i] == '\n') line[i] = ' ';
        line[length] = '\n';
        // One write per record, under the lock: records never interleave.
        (void)!write(4, line, (size_t)length + 1);
        memset(line, 0, (size_t)length + 1);
    }
    pthread_mutex_unlock(&line_lock);
}

void lab_check_finish(int status) {
    lab_check_record("done", status == 0 ? "passed" : "failed");
    fflush(stdout);
    fflush(stderr);
    _exit(status);
}

// The pool watch. The runtime's hook has Swift's calling convention (clang's swiftcall); where
// the compiler lacks it, nothing is installed and lab_check_pool_watch says so.
#if defined(__clang__) && __has_attribute(swiftcall)
typedef __attribute__((swiftcall)) void (*pool_original)(void *job);
typedef __attribute__((swiftcall)) void (*pool_hook)(void *job, pool_original original);
typedef __attribute__((swiftcall)) void *(*current_task_function)(void);
static pool_hook previous_pool_hook;
static _Atomic(current_task_function) current_task;
// The task that started the watch: the check's own, whose wake-ups are not the answer's. A task
// is its own job, so its pointer is the job's. Read on every thread that makes or hands over a task.
static _Atomic(void *) watching_task;

// What counts, since the last mark (`pool_again`): a task handed to the pool that is neither being
// created (`creating_task`) nor hopping of itself in the program's code (`hopping_task`), and was
// seen before or made before the mark. A task the answer makes is seen from its making (in
// `swift_task_create` below), wherever it starts, so every wake of it counts: a chain of tasks,
// each sleeping once, looking and starting the next, is counted once per task, detached (01's) or
// on the main actor (01's, 13's and 17's, an audit's). What is left forgiven is the first sighting
// of a task made since the mark and not yet recorded: one that hops in the runtime's own code
// (which the program's `swift_task_switch` does not see) before its making is recorded. A task
// made before the mark has no such excuse: tasks armed on an actor before a hold, each to look once
// in it, come to the pool first when woken (13's catalogued mistake). An actor's turn (work come to
// an idle actor: a new object each time, which an answer that awaits also makes as it begins) is
// not counted; the task it runs is. Tasks are told apart by their ids, which the runtime gives in
// order as it makes them: not by address, which a task made later may have again. Tasks begun
// meanwhile are counted apart (`lab_check_tasks_begun`): a chain of main-actor tasks that only
// look, never sleeping, never reaches the pool (30's).
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long long pool_again;
// The newest task id made (through `swift_task_create` below), and, at the last mark, that id.
static _Atomic uint32_t newest_made;
static uint32_t newest_at_mark;
// Inside a task's creation on this thread (`swift_task_create`, `swift_asyncLet_begin` below): what
// it hands over then is the new task's start.
static _Thread_local int creating_task;

// The thread whose task starts are being counted (lab_check_starts_begin), and its count.
static pthread_t starts_thread;
static int starts_counting;
static unsigned long long starts_count;

static void count_start(void) {
    pthread_mutex_lock(&pool_lock);
    if (starts_counting && pthread_equal(pthread_self(), starts_thread)) starts_count++;
    pthread_mutex_unlock(&pool_lock);
}

// A set of task ids: open addressing, grown as it fills. Each is used under pool_lock. An id is
// kept as id + 1, as 0 marks an empty slot.
typedef struct {
    uint64_t *slots;
    size_t capacity;
    size_t count;
} id_set;

static size_t id_slot(uint64_t key, size_t capacity) {
    // Fibonacci hashing: the top bits of the key times 2^64/φ. `capacity` is a power of two, at
    // least 1024.
    unsigned bits = (unsigned)__builtin_ctzll((unsigned long long)capacity);
    return (size_t)((key * 0x9E3779B97F4A7C15ull) >> (64 - bits));
}

// 1: there before; 0: recorded now; -1: no room could be made.
static int id_set_insert(id_set *set, uint32_t id) {
    uint64_t key = (uint64_t)id + 1;
    if ((set->count + 1) * 2 > set->capacity) {
        size_t capacity = set->capacity ? set->capacity * 2 : 1024;
        uint64_t *grown = calloc(capacity, sizeof(uint64_t));
        if (!grown) return -1;
        for (size_t i = 0; i < set->capacity; i++) {
            if (!set->slots[i]) continue;
            size_t slot = id_slot(set->slots[i], capacity);
            while (grown[slot]) slot = (slot + 1) & (capacity - 1);
            grown[slot] = set->slots[i];
        }
        free(set->slots);
        set->slots = grown;
        set->capacity = capacity;
    }
    size_t slot = id_slot(key, set->capacity);
    while (set->slots[slot]) {
        if (set->slots[slot] == key) return 1;
        slot = (slot + 1) & (set->capacity - 1);
    }
    set->slots[slot] = key;
    set->count++;
    return 0;
}

static int id_set_contains(const id_set *set, uint32_t id) {
    if (!set->capacity) return 0;
    uint64_t key = (uint64_t)id + 1;
    for (size_t slot = id_slot(key, set->capacity); set->slots[slot]; slot = (slot + 1) & (set->capacity - 1)) {
        if (set->slots[slot] == key) return 1;
    }
    return 0;
}

// The tasks seen on the pool (or recorded as if: see above).
static id_set seen;
static int seen_insert(uint32_t id) { return id_set_insert(&seen, id); }

// The tasks the program's own code made (through `swift_task_create` below, or started on the pool
// as they were made: `async let`'s), the check's task and a hold's task. A task handed over by one
// of them, running, is sent a message by the program (a mailbox's reply, a request to a worker): a
// wake whose cause is already counted where it began, at a timer or a callback (the runtime's own
// tasks, such as the one that ends a sleep, are not here), or is a loop that uses CPU.
static id_set known;
static int known_insert(uint32_t id) { return id_set_insert(&known, id); }

// A job's kind and id, where the runtime's executor interface keeps them (its `SwiftJob`: the
// object's two header words, the scheduler's two, then the flags, whose low byte is the kind, then
// the id; the runtime warns that schedulers rely on the flags' place). Kind 0 is a task, whose id
// is the low half of its task id; 192 and above are the runtime's own jobs, an actor's turn among them.
typedef struct {
    void *metadata;
    uintptr_t reference_counts;
    void *scheduler_private[2];
    uint32_t flags;
    uint32_t id;
} job_header;

static int job_is_task(void *job) { return (((const job_header *)job)->flags & 0xff) == 0; }
static uint32_t job_id(void *job) { return ((const job_header *)job)->id; }

// The task running on this thread, if any (the runtime's swift_task_getCurrent, looked up once).
static void *running_task(void) {
    current_task_function current = atomic_load(&current_task);
    if (!current) {
        current = (current_task_function)dlsym(RTLD_DEFAULT, "swift_task_getCurrent");
        if (current) atomic_store(&current_task, current);
    }
    return current ? current() : 0;
}

// The task this thread is moving to another executor, while the program's `swift_task_switch`
// (below) runs: what it hands the pool then is that task's own hop.
static _Thread_local void *hopping_task;

// Trusted only while no task is current: the runtime clears the current task just before a switch
// hands the task over. A note left by a switch nested in an outer one (the task hopped in place and
// ran on) stays until the outer switch returns; meanwhile this thread runs a task (the note is not
// trusted), or hands one over in a switch of its own, which has written its own note.
static void *hopping_now(void) { return hopping_task && !running_task() ? hopping_task : 0; }

static __attribute__((swiftcall)) void count_pool_job(void *job, pool_original original) {
    count_start();
    if (job != atomic_load(&watching_task) && job != hopping_now() && job_is_task(job)) {
        uint32_t id = job_id(job);
        void *sender = running_task();
        pthread_mutex_lock(&pool_lock);
        if (creating_task) {
            // Its start: not counted, but seen, and the program's (a task the check makes, too).
            seen_insert(id);
            known_insert(id);
        } else {
            // Seen before, or first seen now but made before the mark (and one that cannot be
            // recorded, no memory: unseen is never still); not a message from a task of the program.
            int before = seen_insert(id);
            int sent = sender && sender != job && id_set_contains(&known, job_id(sender));
            if (!sent && (before != 0 || id <= newest_at_mark)) pool_again++;
        }
        pthread_mutex_unlock(&pool_lock);
    }
    if (previous_pool_hook) previous_pool_hook(job, original);
    else original(job);
}

int lab_check_pool_watch(void) {
    pool_hook *hook = (pool_hook *)dlsym(RTLD_DEFAULT, "swift_task_enqueueGlobal_hook");
    current_task_function current = (current_task_function)dlsym(RTLD_DEFAULT, "swift_task_getCurrent");
    if (!hook || !current) return -1;
    if (*hook != count_pool_job) {
        void *watching = current();
        atomic_store(&watching_task, watching);
        atomic_store(&current_task, current);
        if (watching) {
            pthread_mutex_lock(&pool_lock);
            known_insert(job_id(watching));
            pthread_mutex_unlock(&pool_lock);
        }
        previous_pool_hook = *hook;
        *hook = count_pool_job;
    }
    return 0;
}

unsigned long long lab_check_pool_mark(void) {
    pthread_mutex_lock(&pool_lock);
    unsigned long long since = pool_again;
    pool_again = 0;
    newest_at_mark = atomic_load(&newest_made);
    pthread_mutex_unlock(&pool_lock);
    return since;
}

void lab_check_pool_seen_current(void) {
    void *task = running_task();
    if (!task) return;
    pthread_mutex_lock(&pool_lock);
    seen_insert(job_id(task));
    known_insert(job_id(task));
    pthread_mutex_unlock(&pool_lock);
}

int lab_check_sent_by_the_program(void) {
    void *task = running_task();
    if (!task) return 0;
    pthread_mutex_lock(&pool_lock);
    int known_task = id_set_contains(&known, job_id(task));
    pthread_mutex_unlock(&pool_lock);
    return known_task;
}

// The main actor's executor has a hook of the same shape: a task started on the main actor is
// handed there, not to the pool.
static pool_hook previous_main_hook;

static __attribute__((swiftcall)) void count_main_job(void *job, pool_original original) {
    count_start();
    if (previous_main_hook) previous_main_hook(job, original);
    else original(job);
}

int lab_check_starts_begin(void) {
    if (lab_check_pool_watch() != 0) return -1;
    pool_hook *main_hook = (pool_hook *)dlsym(RTLD_DEFAULT, "swift_task_enqueueMainExecutor_hook");
    if (!main_hook) return -1;
    if (*main_hook != count_main_job) {
        previous_main_hook = *main_hook;
        *main_hook = count_main_job;
    }
    pthread_mutex_lock(&pool_lock);
    starts_thread = pthread_self();
    starts_count = 0;
    starts_counting = 1;
    pthread_mutex_unlock(&pool_lock);
    return 0;
}

unsigned long long lab_check_starts_end(void) {
    pthread_mutex_lock(&pool_lock);
    starts_counting = 0;
    unsigned long long count = starts_count;
    pthread_mutex_unlock(&pool_lock);
    return count;
}

// Task creation, counted where it happens: `swift_task_create` defined here, in the program, comes
// before the runtime's for the program's own calls (a `Task {}` compiles to a call of it), and
// forwards to the runtime's. The runtime's own calls stay inside it (its entry points are
// protected symbols on Linux): a task it makes for itself, such as the one that ends a sleep, is
// not counted, nor known as the program's. The enqueue hooks
// above see a task only when it runs; a task created from inside another task, later, was missed
// by a count of what the tap's own thread handed over (an audit's second call in exercise 02).
typedef struct {
    void *task;
    void *context;
} task_and_context;
typedef __attribute__((swiftcall)) task_and_context (*task_create_function)(
    size_t flags, void *options, const void *result_type, void *entry, void *context);
static _Atomic(task_create_function) runtime_task_create;
static _Atomic unsigned long long tasks_created;
// Every task begun (children too) by a task other than the check's own.
static _Atomic unsigned long long tasks_begun;
// The ABI's TaskCreateFlags: a child task (a group's, or `async let`'s), which its parent awaits.
enum { task_is_child_task = 1 << 8 };

__attribute__((swiftcall)) task_and_context swift_task_create(
    size_t flags, void *options, const void *result_type, void *entry, void *context) {
    task_create_function runtime = atomic_load(&runtime_task_create);
    if (!runtime) {
        runtime = (task_create_function)dlsym(RTLD_NEXT, "swift_task_create");
        if (!runtime) abort();  // No runtime to create tasks: nothing here can go on.
        atomic_store(&runtime_task_create, runtime);
    }
    if (!(flags & task_is_child_task)) atomic_fetch_add(&tasks_created, 1);
    void *watching = atomic_load(&watching_task);
    int by_the_answer = !watching || running_task() != watching;
    if (by_the_answer) atomic_fetch_add(&tasks_begun, 1);
    creating_task++;
    task_and_context made = runtime(flags, options, result_type, entry, context);
    creating_task--;
    // The newest id made: a mark takes it, and a task with a later id was made since.
    uint32_t id = made.task ? job_id(made.task) : 0;
    // A task of the answer's is seen from its making, wherever it starts: a task started on the
    // main actor, or an immediate task, does not start on the pool, and a chain of them, each
    // sleeping once, was forgiven each task's one wake as a first sighting (an audit's, in 01, 13
    // and 17). Recorded after the runtime's creation, so a task that hops at once, on another
    // thread, in the runtime's own code, may still be seen first there: then forgiven.
    if (made.task) {
        pthread_mutex_lock(&pool_lock);
        if (by_the_answer) seen_insert(id);
        known_insert(id);
        pthread_mutex_unlock(&pool_lock);
    }
    uint32_t newest = atomic_load(&newest_made);
    while (id > newest && !atomic_compare_exchange_weak(&newest_made, &newest, id)) {}
    return made;
}

// `async let` creates its child here, not through swift_task_create: only its start is marked.
typedef __attribute__((swiftcall)) void (*async_let_begin_function)(
    void *async_let, void *options, const void *result_type, void *entry, void *context, void *result);
static _Atomic(async_let_begin_function) runtime_async_let_begin;

__attribute__((swiftcall)) void swift_asyncLet_begin(
    void *async_let, void *options, const void *result_type, void *entry, void *context, void *result) {
    async_let_begin_function runtime = atomic_load(&runtime_async_let_begin);
    if (!runtime) {
        runtime = (async_let_begin_function)dlsym(RTLD_NEXT, "swift_asyncLet_begin");
        if (!runtime) abort();  // As above.
        atomic_store(&runtime_async_let_begin, runtime);
    }
    void *watching = atomic_load(&watching_task);
    if (!watching || running_task() != watching) atomic_fetch_add(&tasks_begun, 1);
    creating_task++;
    runtime(async_let, options, result_type, entry, context, result);
    creating_task--;
}

// A task's hop, seen as it is asked for: `swift_task_switch` defined here, as `swift_task_create`
// above, is what the program's code calls to move a task onto another executor (onto the main
// actor and back, onto an actor). While the runtime's switch runs, the thread notes which task is
// hopping: an executor handed that task then (`lab_check_hopping_task`) is given it by the task
// itself, not woken by an event. Returning from the main actor enqueues the task with no current
// task, as a continuation resumed from a callback does; only this tells the two apart (a solution
// written as a @MainActor class was refused in 24 as woken from outside).
// The outermost switch on a thread is called, not tail-called, so the note ends with it: a switch
// the runtime makes in place runs the task on within that call, until it suspends. Switches nested
// in it are tail-called, so a loop of hops the runtime makes in place grows no stack.
#if __has_attribute(swiftasynccall) && __has_attribute(swift_async_context) && __has_attribute(musttail)
typedef __attribute__((swiftasynccall)) void (*task_switch_function)(
    __attribute__((swift_async_context)) void *context, void *resume, void *executor, uintptr_t implementation);
static _Atomic(task_switch_function) runtime_task_switch;
static _Thread_local int inside_switch;

__attribute__((swiftasynccall)) void swift_task_switch(
    __attribute__((swift_async_context)) void *context, void *resume, void *executor, uintptr_t implementation) {
    task_switch_function runtime = atomic_load(&runtime_task_switch);
    if (!runtime) {
        runtime = (task_switch_function)dlsym(RTLD_NEXT, "swift_task_switch");
        if (!runtime) abort();  // No runtime to switch tasks: nothing here can go on.
        atomic_store(&runtime_task_switch, runtime);
    }
    hopping_task = running_task();
    if (inside_switch) __attribute__((musttail)) return runtime(context, resume, executor, implementation);
    inside_switch = 1;
    runtime(context, resume, executor, implementation);
    inside_switch = 0;
    hopping_task = 0;
}

const void *lab_check_hopping_task(void) { return hopping_now(); }
#else
const void *lab_check_hopping_task(void) { return 0; }
#endif

unsigned long long lab_check_tasks_created(void) { return atomic_load(&tasks_created); }
unsigned long long lab_check_tasks_begun(void) { return atomic_load(&tasks_begun); }
#else
unsigned long long lab_check_tasks_created(void) { return 0; }
unsigned long long lab_check_tasks_begun(void) { return 0; }
const void *lab_check_hopping_task(void) { return 0; }
int lab_check_pool_watch(void) { return -1; }
unsigned long long lab_check_pool_mark(void) { return 0; }
void lab_check_pool_seen_current(void) {}
int lab_check_sent_by_the_program(void) { return 0; }
int lab_check_starts_begin(void) { return -1; }
unsigned long long lab_check_starts_end(void) { return 0; }
#endif
