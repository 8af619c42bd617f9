/// Raw memory however its type is spelled. A pointer need not be named to be used: a C
/// function returns one with its type inferred (`let p = malloc(64)!`), and a buffer's
/// `baseAddress` hands one out. So beside the pointer types (`Unsafe…`, in `unsafeMemory`),
/// the scan refuses the members that read or write through a pointer and the calls that hand
/// one out, by name, whatever the receiver is. `advanced(by:)` is not among them: a clock's
/// instant has it too (an alternative of exercise 25 uses it), and it reads nothing.
/// The compiled module is the backstop (`ModuleInspection`: C functions outside the
/// compiler's own are refused there, however the source spelled them).
extension ForbiddenPattern {
    static let rawMemory: [ForbiddenPattern] = {
        let members = [
            "pointee", "baseAddress", "assumingMemoryBound", "bindMemory", "withMemoryRebound", "storeBytes",
            "loadUnaligned", "initializeMemory", "moveInitializeMemory", "copyMemory", "withCString", "withUTF8",
            "withContiguousStorageIfAvailable", "withContiguousMutableStorageIfAvailable", "mutableBytes",
            "pointerValue", "enumerateBytes",
        ].map {
            ForbiddenPattern(
                ".\($0)", "\($0) reads or writes memory through a raw pointer, which the compiler cannot check",
                shape: .member($0))
        }
        // `Atomic.load(ordering:)` is fine: only a raw pointer's loads are refused.
        let loads = ["fromByteOffset", "as"].map {
            ForbiddenPattern(
                ".load(\($0):", "load(\($0):) reads memory through a raw pointer, which the compiler cannot check")
        }
        // Not `free`: it needs a pointer to do anything, which the rest refuse, and `let free =
        // stock - reserved` is a correct answer's word (a review found it refused).
        let cFunctions =
            "malloc calloc realloc reallocarray strdup strndup memcpy memmove memset memchr memrchr memcmp memmem strchr strrchr strstr strlen strnlen strcpy strncpy strcat alloca posix_memalign aligned_alloc valloc pvalloc memalign mremap madvise brk sbrk mprotect getauxval dladdr backtrace"
        let calls = cFunctions.split(separator: " ").map { name in
            ForbiddenPattern(
                String(name),
                "\(name) is a C memory function: it hands out or goes through raw pointers, which the compiler cannot check",
                shape: .systemCall(String(name)))
        }
        let types = ["NSMutableData", "NSValue", "NSPointerArray", "NSMapTable", "NSHashTable", "CVaListPointer"].map {
            ForbiddenPattern($0, "\($0) hands out raw pointers, which the compiler cannot check")
        }
        return members + loads + calls + types
    }()
}
