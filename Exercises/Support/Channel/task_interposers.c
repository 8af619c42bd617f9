// The runtime's entry points the program defines before the runtime's, to see tasks made and hops
// asked for as they happen, each forwarding to the runtime's own (see include/CheckChannel.h).
#define _GNU_SOURCE
#include "CheckChannel.h"
#include "runtime_watch.h"
#include <dlfcn.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#ifdef LAB_CHECK_WATCHES_THE_RUNTIME
// Task creation, counted where it happens: `swift_task_create` defined here, in the program, comes
// before the runtime's for the program's own calls (a `Task {}` compiles to a call of it), and
// forwards to the runtime's. The runtime's own calls stay inside it (its entry points are
// protected symbols on Linux): a task it makes for itself, such as the one that ends a sleep, is
// not counted, nor known as the program's. The enqueue hooks
// (pool_watch.c) see a task only when it runs; a task created from inside another task, later, was missed
// by a count of what the tap's own thread handed over (an audit's second call in exercise 02).
typedef struct {
    void *task;
    void *context;
} task_and_context;
typedef __attribute__((swiftcall)) task_and_context (*task_create_function)(
    size_t flags, void *options, const void *result_type, void *entry, void *context);
static _Atomic(task_create_function) runtime_task_create;
static _Atomic unsigned long long tasks_created;
// Every task begun (children too) by a task other than the check's own, but not past a hold's end
// (see runtime_watch.h): a task begun in answer to the event the check lets come after the hold was
// counted when the check read the count late, on a busy machine, as if begun while it should wait.
static _Atomic unsigned long long tasks_begun;
// Tasks in the making this moment, on any thread: from the call of the runtime's creation until the
// new task is recorded as the program's (`lab_check_note_made`), which it may outrun (see
// `lab_check_tasks_being_made`).
static _Atomic unsigned long long tasks_being_made;
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
    void *watching = lab_check_watching_task();
    void *making = lab_check_running_task();
    int by_the_answer = !watching || making != watching;
    // Made where no task runs: a thread's own code (the check's first task too, made on the main
    // thread; so not passed on to the tasks a task so made makes, all of which would then be).
    int from_a_thread = !making;
    if (by_the_answer && !lab_check_past_the_hold()) atomic_fetch_add(&tasks_begun, 1);
    atomic_fetch_add(&tasks_being_made, 1);
    lab_check_creating_task++;
    task_and_context made = runtime(flags, options, result_type, entry, context);
    lab_check_creating_task--;
    // A task of the answer's is seen from its making, wherever it starts: a task started on the
    // main actor, or an immediate task, does not start on the pool, and a chain of them, each
    // sleeping once, was forgiven each task's one wake as a first sighting (an audit's, in 01, 13
    // and 17). Recorded after the runtime's creation, so a task that hops at once, on another
    // thread, in the runtime's own code, may still be seen first there: then forgiven.
    if (made.task) lab_check_note_made(lab_check_job_id(made.task), by_the_answer, from_a_thread);
    atomic_fetch_sub(&tasks_being_made, 1);
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
    void *watching = lab_check_watching_task();
    if ((!watching || lab_check_running_task() != watching) && !lab_check_past_the_hold()) {
        atomic_fetch_add(&tasks_begun, 1);
    }
    lab_check_creating_task++;
    runtime(async_let, options, result_type, entry, context, result);
    lab_check_creating_task--;
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

// The task this thread is moving to another executor, while the program's `swift_task_switch`
// runs: what it hands the pool then is that task's own hop.
static _Thread_local void *hopping_task;

// Trusted only while no task is current: the runtime clears the current task just before a switch
// hands the task over. A note left by a switch nested in an outer one (the task hopped in place and
// ran on) stays until the outer switch returns; meanwhile this thread runs a task (the note is not
// trusted), or hands one over in a switch of its own, which has written its own note.
static void *hopping_now(void) { return hopping_task && !lab_check_running_task() ? hopping_task : 0; }

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
    hopping_task = lab_check_running_task();
    if (inside_switch) __attribute__((musttail)) return runtime(context, resume, executor, implementation);
    inside_switch = 1;
    runtime(context, resume, executor, implementation);
    inside_switch = 0;
    hopping_task = 0;
}

const void *lab_check_hopping_task(void) { return hopping_now(); }

int lab_check_handed_by_a_hop(const void *job) {
    void *hopping = hopping_now();
    return hopping && (job == hopping || !lab_check_job_is_task((void *)job));
}
#else
const void *lab_check_hopping_task(void) { return 0; }
int lab_check_handed_by_a_hop(const void *job) { return 0; }
#endif

unsigned long long lab_check_tasks_created(void) { return atomic_load(&tasks_created); }
unsigned long long lab_check_tasks_begun(void) { return atomic_load(&tasks_begun); }
unsigned long long lab_check_tasks_being_made(void) { return atomic_load(&tasks_being_made); }
#else
unsigned long long lab_check_tasks_created(void) { return 0; }
unsigned long long lab_check_tasks_begun(void) { return 0; }
unsigned long long lab_check_tasks_being_made(void) { return 0; }
const void *lab_check_hopping_task(void) { return 0; }
int lab_check_handed_by_a_hop(const void *job) { return 0; }
#endif
