/// Code an exercise refuses, with the reason a student reads.
///
/// A pattern is matched against the code's tokens (see `SwiftTokenizer`), never its
/// text, so spacing, comments and string contents neither hide nor fake it.
/// (The escape hatches appear in this file only as text; it uses none of them.)
public struct ForbiddenPattern: Sendable, Equatable {
    public enum Shape: Sendable, Equatable {
        /// Consecutive tokens; an element containing `*` matches one identifier by glob (`Unsafe*Pointer`).
        case tokens([String])
        /// A call of a global function such as `sleep`: the name not after a `.` (or after a
        /// system module's name: `Glibc.sleep`), unless the student's file declares its own.
        case globalFunction(String)
        /// The same for the system's own calls (`kill`, `write`…), even where the file declares
        /// a function of that name: Swift would still pick the system's for a call with other arguments.
        case systemCall(String)
        /// A member `.name` on any base — a type however spelled (`Task<Int, Never>.detached`,
        /// a metatype in a variable, `type(of: task).detached`) or an implicit `.name` — even
        /// where the student's file declares a member of that name: the scan cannot tell the
        /// receiver's type, so the names refused this way are ones an answer has no need of.
        case member(String)
        /// A string literal whose text contains this (`"/proc/self/mem"`).
        case stringContaining(String)
        /// An identifier that contains this, in any case (`AutoreleasingUnsafeMutablePointer`), but
        /// a name the code declares used as its own (`isUnsafeToRetry`).
        case nameContaining(String)
        /// An identifier of more than one character that begins with `_` (`_baseAddressIfContiguous`),
        /// never the lone `_`, nor a name the code declares used as its own (`_items`, `self._items`).
        case underscoredName
        /// An argument list that opens with this label (`String(format:`), but a call or a
        /// declaration of the code's own (`describe(format: .short)`, `func describe(format:)`).
        case firstLabel(String)
        /// A class, actor or class-bound protocol of the file's own named inside this type (its
        /// body, a type nested in it, an extension of it): see `ReferencesHandedOver`.
        case referenceInto(String)
        /// This name anywhere (as `.tokens`, aliases resolved), unless a `.` and one of these members follow it.
        case nameUnlessMember(String, allowed: [String])
        /// These tokens, unless the call they begin passes an argument of this label:
        /// `Task.sleep` refused, `Task.sleep(for: t, clock: clock)` on the given clock allowed.
        case callWithout([String], label: String)
        /// The inner shape, only in the code the named function can run (`ReachedCode`):
        /// whichever thread runs it, closures and the file's functions it calls included.
        indirect case reachedFrom(String, Shape)

        /// Whether a finding shows the name it found (`AutoreleasingUnsafeMutablePointer`), not the
        /// pattern's text: the pattern stands for many names.
        var showsTheNameFound: Bool {
            switch self {
            case .nameContaining, .underscoredName: true
            default: false
            }
        }
    }

    public let text: String
    public let reason: String
    public let shape: Shape

    /// `text` is both what the student reads and, tokenized, what is matched.
    public init(_ text: String, _ reason: String, shape: Shape? = nil) {
        self.text = text
        self.reason = reason
        self.shape = shape ?? .tokens(SwiftTokenizer.tokens(of: text).map(\.text))
    }

    /// The receiving type `receiver` may be handed only values, none of the file's own references.
    public static func referencesInto(_ receiver: String, _ reason: String) -> ForbiddenPattern {
        ForbiddenPattern("a reference type of yours in \(receiver)", reason, shape: .referenceInto(receiver))
    }

    /// The blocking set, refused in whatever code `entry` can run (27: `thumbnailSize` must never
    /// block a thread, its callback closures' threads included).
    public static func waitsReachedFrom(_ entry: String, _ reason: String) -> [ForbiddenPattern] {
        blocking.map { ForbiddenPattern($0.text, "\(reason): \($0.reason)", shape: .reachedFrom(entry, $0.shape)) }
    }

    /// The escape hatches that silence Swift 6's data-race checking, or reach around
    /// the type system, instead of fixing the code.
    public static let silencers = [
        ForbiddenPattern(
            "@unchecked", "@unchecked Sendable silences the compiler's data-race check instead of removing the race"),
        ForbiddenPattern(
            "nonisolated(unsafe)",
            "nonisolated(unsafe) turns off isolation checking for that declaration: the race is still there"),
        ForbiddenPattern(
            "@preconcurrency", "@preconcurrency downgrades concurrency errors to warnings; fix the isolation instead"),
        ForbiddenPattern(
            "withUnsafeContinuation",
            "an unsafe continuation does not check that it is resumed exactly once; use withCheckedContinuation"),
        ForbiddenPattern(
            "withUnsafeThrowingContinuation",
            "an unsafe continuation does not check that it is resumed exactly once; use withCheckedThrowingContinuation"
        ),
        ForbiddenPattern(
            "assumeIsolated", "assumeIsolated asserts instead of proving; let the compiler prove the isolation"),
        ForbiddenPattern("@_silgen_name", "@_silgen_name binds to a symbol behind the compiler's back"),
        ForbiddenPattern("@_implementationOnly", "@_implementationOnly hides an import from the compiler's checks"),
        ForbiddenPattern("unsafeBitCast", "unsafeBitCast reinterprets memory and defeats the type checker"),
        ForbiddenPattern(
            "Unsafe*Pointer", "unsafe pointers reach memory the compiler cannot check",
            shape: .tokens(["Unsafe*Pointer"])),
        ForbiddenPattern("@testable", "@testable import reaches the lab's internals"),
        ForbiddenPattern(
            "dlsym", "dlsym looks up symbols by name, behind the compiler's back", shape: .systemCall("dlsym")),
        ForbiddenPattern("dlopen", "dlopen loads code behind the compiler's back", shape: .systemCall("dlopen")),
    ]

    /// `Task.detached`, however the type is spelled: a detached task inherits nothing from
    /// the code that starts it — no cancellation, priority, actor or task-locals.
    public static func detached(
        _ reason: String =
            "Task.detached starts a task that inherits nothing from its caller: cancelling the caller no longer reaches it"
    ) -> ForbiddenPattern {
        ForbiddenPattern("Task.detached", reason, shape: .member("detached"))
    }

    /// `Task.immediateDetached` (SE-0472): detached as well, however the type is spelled.
    public static func immediateDetached(_ reason: String) -> ForbiddenPattern {
        ForbiddenPattern("Task.immediateDetached", reason, shape: .member("immediateDetached"))
    }

    /// A task started outside the structure, however it is spelled (`Task { }`, `Task(priority:)`,
    /// `Task<T, E> { }`, `Task.init { }`, `Task.immediate { }`): where an exercise is about structured concurrency, an
    /// unstructured task with its caller's cancellation passed on by hand passed a check that
    /// cancels the caller, and still ran on after the function had thrown (an audit's answers).
    public static func unstructured(_ reason: String) -> [ForbiddenPattern] {
        [ForbiddenPattern("Task", reason, shape: .nameUnlessMember("Task", allowed: taskMembersThatStartNothing))]
    }

    /// What `Task` offers that starts no task: the current task's state, and its waits. Every
    /// other use of the name (a type, an initializer however reached, `Task.immediate`, `(Task)(…)`)
    /// is refused where structure is the lesson: a list of the spellings that start one kept
    /// leaking (`let t: Task? = .init { }`, `.init { } as Task`).
    static let taskMembersThatStartNothing = [
        "isCancelled", "checkCancellation", "currentPriority", "basePriority", "yield", "sleep", "name",
    ]

    /// What every exercise refuses: code that runs outside the language's rules (underscored
    /// attributes, C calling conventions, unsafe memory), reaches the grader's process or
    /// machine (files, processes, environment, signals, loaded code), or hides a
    /// non-Sendable value in the lab's own lock, and the lab's own libraries' ways to the same
    /// and to a check's instruments (`LabLibraryAccess`). No starting file, solution or correct
    /// answer needs any of it; an exercise that does may leave a pattern out by its text.
    public static let standard: [ForbiddenPattern] =
        silencers + unsafeMemory + rawMemory + SystemModules.patterns + systemAccess + LabLibraryAccess.patterns + [
            ForbiddenPattern(
                "@_",
                "underscored attributes (@_cdecl, @_section, @_used, @_silgen_name…) are compiler internals that run or bind code behind the language's back",
                shape: .tokens(["@", "_*"])),
            // Swift 6.3's `@c` and `@implementation` define a function under a C name, as `@_cdecl` did:
            // one could replace a function of the C library or the Swift runtime for the whole check.
            // The standard library's and Foundation's underscored API is their internals, outside the
            // language's checks: `array._baseAddressIfContiguous` hands out an `UnsafeMutablePointer` whose
            // type is never written, and an audit (helper 121) read and wrote any address through it.
            ForbiddenPattern(
                "_name",
                "names that begin with `_` are the standard library's internals (one hands out a raw pointer), outside the language's checks; one of yours passes only bare or after `self.` (on another value, `other._name` may be the library's): name yours without the underscore",
                shape: .underscoredName),
            ForbiddenPattern(
                "@c", "@c gives a function a C name, under which it could replace one the check or the runtime uses"),
            ForbiddenPattern(
                "@implementation",
                "@implementation defines a function declared in C, which could replace one the check or the runtime uses"
            ),
            // Swift 6.3's `@section` puts a value's bytes in a section of the object by name: in the
            // section the link reads its libraries from, they would reach the linker's command line
            // (LinkerRequests also looks at the compiled object). `@used` keeps such a value.
            ForbiddenPattern(
                "@section",
                "@section places data where the compiler and the linker read their own (the linker's arguments among them)"
            ),
            ForbiddenPattern("@used", "@used keeps a value the program never uses, for a tool that reads the object"),
            ForbiddenPattern(
                "@convention",
                "@convention(c) makes a C function pointer the compiler cannot check; pass a Swift closure"),
            // Reflection reads a value's private stored properties around the accessors it was
            // written with: a given model that counts its reads (exercises 30, 31) would not see it.
            ForbiddenPattern(
                "Mirror", "Mirror reads a value's private stored properties, around the code that guards them"),
            ForbiddenPattern(
                "dump", "dump reads a value's private stored properties (through Mirror); print what you need",
                shape: .globalFunction("dump")),
            // A Mirror without its name: `type(of: [0].customMirror)` is `Mirror.Type` (an audit's).
            ForbiddenPattern(
                ".customMirror", "customMirror hands out a Mirror, which reads a value's private stored properties",
                shape: .member("customMirror")),
            ForbiddenPattern(
                "Locked",
                "LabCore's Locked is the lab's own bookkeeping lock, whose safety the compiler takes on trust (@unchecked Sendable); use an actor, or Mutex where the exercise allows it: the compiler checks both (a type of your own needs another name)"
            ),
        ]

    static let unsafeMemory = [
        ForbiddenPattern(
            "Unsafe…", "unsafe pointers and unsafe types reach memory the compiler cannot check",
            shape: .tokens(["Unsafe*"])),
        ForbiddenPattern(
            "unsafe…", "unsafe operations (unsafeBitCast, unsafeDowncast, `unsafe`…) defeat the compiler's checks",
            shape: .tokens(["unsafe*"])),
        ForbiddenPattern(
            "withUnsafe…", "withUnsafe… hands out raw memory or task handles the compiler cannot check",
            shape: .tokens(["withUnsafe*"])),
        // Wherever the word stands in a name: a Mac's `AutoreleasingUnsafeMutablePointer` begins with
        // another, and the standard library's `_unsafeReferenceCast` with an underscore.
        ForbiddenPattern(
            "…Unsafe…", "unsafe pointers and unsafe operations reach memory the compiler cannot check",
            shape: .nameContaining("unsafe")),
        ForbiddenPattern("Unmanaged", "Unmanaged takes reference counting away from the compiler"),
        // A number made an address and back: `Data(bytes: .init(bitPattern: address)!, count: 8)`
        // read any address of the check's process with no pointer type spelled (helper 121's audit).
        // Between integers too (`UInt64(bitPattern: seed)`): the label is all a scan can see, and its
        // reason gives the conversions that need none.
        ForbiddenPattern(
            "bitPattern:",
            "bitPattern: reads a value's bits as another type's (a number as an address, too); convert numbers with `Int(x)` or `UInt64(truncatingIfNeeded: x)`"
        ),
        // printf-style formatting reads its C argument list as the format says: `String(format: "%s",
        // address)` read a string at any address (helper 121's audit).
        ForbiddenPattern(
            "(format:",
            "printf-style formatting reads its arguments as the format says (a number as an address); use string interpolation, or `value.formatted(…)` for a number's digits",
            shape: .firstLabel("format")),
        ForbiddenPattern(
            "CVarArg", "a C argument list is read as a format says (a number as an address); use string interpolation"),
        ForbiddenPattern("OpaquePointer", "OpaquePointer is a raw C pointer the compiler cannot check"),
    ]

    /// The grader's process and machine: an answer computes, it does not read or change
    /// files, start processes, read the environment or send signals.
    static let systemAccess: [ForbiddenPattern] = {
        let types =
            [
                "FileManager", "FileHandle", "Process", "ProcessInfo", "CommandLine", "Pipe", "Bundle", "InputStream",
                "OutputStream", "NSFileManager", "NSFileHandle", "NSTask", "DispatchIO", "NSData", "NSString",
                "NSClassFromString", "NSSelectorFromString", "URLSession", "NSURLSession",
            ]
            .map {
                ForbiddenPattern(
                    $0, "\($0) reaches the grader's files, processes or environment; an answer only computes")
            }
            // Process-wide stores an answer could count the check's calls in, as it no longer can in
            // a global of its own (`KeptState`).
            + ["UserDefaults", "NotificationCenter", "URLCache", "HTTPCookieStorage", "NSCache", "ValueTransformer"].map
        {
            ForbiddenPattern(
                $0, "\($0) keeps state for the whole process; an answer keeps none between the check's calls")
        }
        let calls: [(String, String)] = [
            (
                "files",
                "fopen fdopen freopen open openat creat read pread readv write pwrite writev close unlink unlinkat rename renameat remove mkdir rmdir truncate ftruncate chmod fchmod chown symlink link readlink opendir readdir fread fwrite fputs fgets fprintf dprintf fflush mmap munmap dup dup2 dup3 pipe ioctl fcntl lseek sendfile"
            ),
            (
                "processes",
                "atexit at_quick_exit pthread_create pthread_atfork fork vfork execv execve execvp execl execlp execle posix_spawn posix_spawnp system popen setsid setpgid setpgrp ptrace syscall prctl daemon waitpid process_vm_readv process_vm_writev"
            ),
            ("signals", "kill killpg signal raise sigaction pthread_kill alarm sigprocmask"),
            ("the environment", "setenv getenv unsetenv putenv clearenv environ"),
            ("loaded code", "dlclose"),
        ]
        let functions = calls.flatMap { kind, names in
            names.split(separator: " ").map { name in
                ForbiddenPattern(
                    String(name), "\(name) touches \(kind) outside your code; an answer only computes",
                    shape: .systemCall(String(name)))
            }
        }
        let labels = ["fileURLWithPath", "filePath", "contentsOfFile", "toFile", "atPath"].map {
            ForbiddenPattern(
                "\($0):", "reading or writing files by path reaches the grader's machine; an answer only computes")
        }
        let reads = [
            "String(contentsOf:", "Data(contentsOf:", ".init(contentsOf:", ".write(to:", ".makeSignalSource",
            ".makeFileSystemObjectSource",
            ".makeReadSource", ".makeWriteSource", ".makeProcessSource", ".environment",
        ].map {
            ForbiddenPattern(
                $0,
                "\(String($0.drop { $0 == "." })) reaches the grader's files, signals or environment; an answer only computes"
            )
        }
        // A file URL without a path spelled: the system's folders by name, and `Data.write` taken
        // as a value, which `.write(to:` does not see (an audit wrote 8 MB files through both).
        let folders = [
            "temporaryDirectory", "homeDirectory", "currentDirectory", "documentsDirectory", "cachesDirectory",
            "applicationSupportDirectory", "libraryDirectory", "desktopDirectory", "downloadsDirectory",
        ].map {
            ForbiddenPattern(
                ".\($0)", "\($0) names a folder on the grader's machine; an answer only computes", shape: .member($0))
        }
        let folderFunctions = ["NSTemporaryDirectory", "NSHomeDirectory", "NSHomeDirectoryForUser"].map {
            ForbiddenPattern(
                $0, "\($0) names a folder on the grader's machine; an answer only computes", shape: .globalFunction($0))
        }
        let writers = [
            ForbiddenPattern("Data.write", "Data.write writes a file on the grader's machine; an answer only computes")
        ]
        let paths = ["/proc", "/dev/", "/sys/", "file:"].map {
            ForbiddenPattern(
                "\"\($0)…\"", "a path into the machine (\($0)…) has no place in an answer", shape: .stringContaining($0)
            )
        }
        return types + functions + labels + reads + folders + folderFunctions + writers + paths
    }()

    /// Executors and queues of the answer's own. The checks that tell waiting from polling
    /// (`StillnessWatch`) watch the pool and an executor of their own; a task the answer runs on
    /// its own executor, or a queue's operations, wake out of their sight (a poll moved there
    /// passed 10, 13, 17, 18, 24, 30 and 31 as "still").
    public static let ownExecutors = [
        "OperationQueue", "TaskExecutor", "SerialExecutor", "executorPreference", "withTaskExecutorPreference",
        "unownedExecutor", "DedicatedThreadExecutor",
    ].map {
        ForbiddenPattern(
            $0,
            "an executor or queue of your own runs the answer's tasks out of the pool's sight, where the check cannot tell waiting from looking again and again (a poll run there passed)"
        )
    }

    /// Dispatch's queues and timers and the run loop's: they look again and again out of the
    /// tasks' sight (a Dispatch timer that looked at a flag and then resumed the answer's
    /// continuation would seem still to the watch).
    public static let timers = [
        ForbiddenPattern(
            "Dispatch*",
            "a Dispatch queue or timer looks again and again out of the tasks' sight; await the event itself",
            shape: .tokens(["Dispatch*"])),
        ForbiddenPattern("Timer", "a timer looks again and again; await the event itself"),
        ForbiddenPattern(
            "RunLoop", "a run loop's timer looks again and again out of the tasks' sight; await the event itself"),
    ]

    /// Calls that hold a thread: forbidden where the exercise is about not blocking.
    public static let blocking = [
        ForbiddenPattern(
            "Thread.sleep",
            "Thread.sleep blocks a thread; in async code, suspend with Task.sleep or await the async call"),
        ForbiddenPattern(
            "usleep", "usleep blocks a thread; suspend with Task.sleep or await the async call",
            shape: .globalFunction("usleep")),
        ForbiddenPattern(
            "sleep", "sleep blocks a thread; suspend with Task.sleep or await the async call",
            shape: .globalFunction("sleep")),
        ForbiddenPattern(
            "nanosleep", "nanosleep blocks a thread; suspend with Task.sleep or await the async call",
            shape: .globalFunction("nanosleep")),
        // Any `.block`, called or not: `let wait = work.block; wait(5)` blocks as well.
        ForbiddenPattern(
            ".block", "SimulatedWork.block holds its thread; use the async, suspending call", shape: .member("block")),
        ForbiddenPattern("DispatchSemaphore", "waiting on a semaphore blocks a thread; await instead"),
        ForbiddenPattern("ThreadBlocker", "ThreadBlocker holds its thread on purpose; await the async call"),
        // The doctor's probe holds pool threads on purpose to measure the pool: waiting on it in
        // steps is a real-time wait no CPU rule sees (an audit's safety net in 25).
        ForbiddenPattern(
            "ExecutorProbe",
            "ExecutorProbe holds pool threads on purpose to measure the pool, and its steps wait in real time; await the event itself"
        ),
        ForbiddenPattern("fetchBlocking", "fetchBlocking holds its thread; await the async fetch instead"),
        // The lab's own thread for the lessons' hazards: a wait on it is out of the pool's sight
        // (an audit's answers to 27 and 28). (A `DedicatedThreadExecutor` is refused only where
        // polling on it hides: 19's store runs its actor on one.)
        ForbiddenPattern(
            "OnAThreadOfItsOwn", "OnAThreadOfItsOwn holds a thread of its own for the lessons' hazards; await instead"),
        // Waits that hand the work to another thread and hold this one until it is done: from
        // the main actor, `DispatchQueue.global().sync { … }` makes the work off it while the
        // UI waits for it (an audit made exercise 20 pass so).
        ForbiddenPattern(
            ".sync",
            "queue.sync holds its thread until the queue has run the work (the main actor's, if it is there); await an async call instead",
            shape: .member("sync")),
        ForbiddenPattern(
            ".asyncAndWait", "asyncAndWait holds its thread until the queue has run the work; await instead",
            shape: .member("asyncAndWait")),
        // Runs its iterations on other threads too and holds the caller until the last ends: 40 waits
        // of 45 ms on the main actor, each under 16's freeze bound and using no CPU, passed it (an
        // audit's, round 21).
        ForbiddenPattern(
            ".concurrentPerform",
            "concurrentPerform holds its thread until every iteration, on other threads too, has ended; await a task group instead",
            shape: .member("concurrentPerform")),
        ForbiddenPattern(
            ".wait", "a synchronous wait (a group's, a condition's) holds its thread; await instead",
            shape: .member("wait")),
        // An operation queue's waits: a private queue's thread blocked in one passed 01, since
        // only the pool's threads were watched (an audit's answer). By name, with or without a
        // receiver: called bare in a subclass of `OperationQueue`, the wait passed 03 and 16.
        ForbiddenPattern(
            "waitUntilAllOperationsAreFinished",
            "waiting for an operation queue holds the thread until its operations end; await instead"),
        ForbiddenPattern("waitUntilFinished", "waiting for an operation holds the thread until it ends; await instead"),
        // The label whatever its value: `waitUntilFinished: andWait`, a constant that is true, passed
        // where the literal was refused (an audit's 01).
        ForbiddenPattern(
            "waitUntilFinished:", "adding operations and waiting for them holds the thread; await instead"),
        // Thread's own API, however reached (`type(of: Thread.current).sleep(…)` held the main
        // actor 300 ms in an audit's answer), and the Foundation locks whose waits hold a thread
        // (`lock(before:)` did the same): an answer about not blocking needs neither.
        ForbiddenPattern("Thread", "Thread's API sleeps and runs threads of its own; await the async call instead"),
        ForbiddenPattern(
            "NSLock",
            "a Foundation lock can wait for long (`lock(before:)`) and needs @unchecked Sendable to share: await instead, use an actor, or a Mutex where the exercise allows one (its short waits the compiler checks)"
        ),
        ForbiddenPattern(
            "NSRecursiveLock",
            "a Foundation lock can wait for long (`lock(before:)`) and needs @unchecked Sendable to share: await instead, use an actor, or a Mutex where the exercise allows one (its short waits the compiler checks)"
        ),
        ForbiddenPattern("NSCondition", "waiting on a condition holds the thread; await instead"),
        ForbiddenPattern("NSConditionLock", "waiting on a condition holds the thread; await instead"),
    ]
}
