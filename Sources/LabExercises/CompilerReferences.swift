/// The C-named functions and variables an answer's compiled module may use: the ones the Swift
/// compiler itself calls for the code it generates. An allow-list, not a list of what is
/// dangerous: the C library has thousands of functions, and any one that hands out a pointer
/// (`malloc`, `strdup`, `memchr`, `fopen`…) or sends bytes (`write` on the check's records'
/// descriptor) is a way to forge a verdict from inside the check's process (found by an audit:
/// `SwiftGlibc.fopen`, `malloc`, `SwiftGlibc.write(4, …)`). A Swift answer reaches Swift's,
/// Foundation's, Dispatch's and the lab's code by mangled names (`$s…`), which stay allowed;
/// every other C name is refused, however the source spelled the call.
/// Measured: the undefined names of every known answer of `lab exercises --verify` (solutions,
/// alternatives, catalogued mistakes, starting files), Swift 6.3.1 on Linux.
enum CompilerReferences {
    /// The Swift runtime's entry points (`swift_retain`, `swift_task_create`, `swift_once`…): an
    /// open set the compiler calls, so by their prefix. The runtime's are the only C names with it.
    /// And on aarch64, LLVM's outlined atomics (`__aarch64_ldadd8_acq_rel`…, an `Atomic`'s add):
    /// the compiler's own helpers, which read and write only the atomic they are given.
    static let runtimePrefixes = ["swift_", "__aarch64_"]

    /// Each other C name the measured answers use, and why it is there.
    static let names: Set<String> = [
        // Copies and zeroes of values (LLVM's own calls) and the standard library's empty collections.
        "memcpy", "memmove", "memset", "_swiftEmptyArrayStorage", "_swiftEmptyDictionarySingleton",
        "_swiftEmptySetSingleton",
        // Synchronization's Mutex, inlined as futex calls; thread-local storage; stack protection.
        "syscall", "__tls_get_addr", "__stack_chk_fail", "__stack_chk_guard",
        // Closures handed to Dispatch as C blocks.
        "_NSConcreteStackBlock", "_NSConcreteGlobalBlock", "_Block_copy", "_Block_release",
        "_Block_object_assign", "_Block_object_dispose",
        // Observation's code, inlined into an `@Observable` type's accessors, allocates with them. The
        // scan refuses the names in an answer's source (`ForbiddenPattern.rawMemory`).
        "malloc", "free",
        // Ends the process: the check then never reports (a catalogued mistake of exercise 01 calls it).
        "exit",
        // What the compiler makes a subclass call for an initializer it does not inherit (a
        // subclass with an `init` of its own: an audit's correct answer to 15 was refused).
        "_swift_stdlib_reportUnimplementedInitializerInFile", "_swift_stdlib_reportUnimplementedInitializer",
    ]

    /// The C library's mathematics, which Foundation's `pow`, `sqrt`, `log`, `floor`… call by their
    /// C names (an answer's backoff may well use `pow`): values in, a value out, no pointer, no
    /// state. (Not `frexp`, `modf` or `lgamma`: they write through a pointer or to a global.)
    static let mathematics: Set<String> = {
        let double = [
            "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh",
            "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "logb", "pow", "sqrt", "cbrt", "hypot", "floor",
            "ceil", "round", "trunc", "rint", "nearbyint", "lround", "llround", "lrint", "llrint", "fmod", "remainder",
            "fma", "fmin", "fmax", "fdim", "fabs", "copysign", "nextafter", "erf", "erfc", "tgamma", "ldexp", "scalbn",
        ]
        return Set(double + double.map { $0 + "f" } + double.map { $0 + "l" })
    }()

    /// Whether the allow-list applies here. Its names were measured on Linux (x86_64; aarch64's
    /// outlined atomics are allowed by their prefix, unmeasured); on a Mac an answer's
    /// module also calls the Objective-C runtime (`objc_msgSend` for Foundation's classes),
    /// Dispatch's C functions and `os_unfair_lock` (Synchronization's `Mutex`), which no list here
    /// was measured for. Refusing those would refuse correct answers, so on a Mac only the named
    /// calls below and the scan stand guard (docs/THREAT-MODEL.md says what that leaves).
    static var applies: Bool {
        #if os(Linux)
            return true
        #else
            return false
        #endif
    }

    /// Whether a C-named reference of an answer's module is the compiler's.
    static func allows(_ name: String) -> Bool {
        names.contains(name) || mathematics.contains(name) || runtimePrefixes.contains { name.hasPrefix($0) }
    }

    /// Mangled names of the C library's Swift overlays (`$s5Glibc5errnos5Int32Vvg`, its `open`
    /// wrapper): the system reached through Swift. A module's name is mangled as its length and
    /// its name.
    static let overlayModules = ["Glibc", "SwiftGlibc", "Darwin", "Musl", "WASILibc", "ucrt", "WinSDK", "Android"]

    static func isOverlay(_ name: String) -> Bool {
        name.hasPrefix("$s") && overlayModules.contains { name.contains("\($0.utf8.count)\($0)") }
    }
}
