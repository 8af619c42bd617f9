import LabCore
import LabSourceScan

/// Raw memory in the compiled answer, however the source reached it: a symbol the module
/// references or defines whose name, demangled, carries a pointer type or a C argument list.
/// The scan refuses pointers by their spellings (`Unsafe…`, `.pointee`, `malloc`…), a list an
/// audit (helper 121) walked past three ways, each reading and writing any address of the
/// check's process: `array._baseAddressIfContiguous` (the standard library's underscored API
/// hands out an `UnsafeMutablePointer` whose type is never written), `Data(bytes: .init(bitPattern:
/// address)!, count:)` and `data.copyBytes(to: .init(bitPattern: address)!, count:)` (the
/// pointer made by an implicit member of the parameter's type), and `String(format: "%s",
/// address)` (a C argument list read as the format says: a number as the address of a string).
/// With them the answer found the C library's `write` in the executable's own tables, replaced
/// a closure's code pointer with it and sent the run's passes on the records' descriptor: a
/// wrong answer to 02 recorded as solved. Every way to a pointer of a type the answer did not
/// spell goes through a declaration of another module's whose signature names it, and such a
/// call (or a function of the answer's that takes or returns one) is a symbol with that type
/// in its demangled name; an operation the compiler inlines always (a pointer's subscript,
/// `Int(bitPattern:)`) needs such a value first.
enum RawMemorySymbols {
    /// The standard library's pointer types, the handle that takes reference counting away
    /// (`Unmanaged`) and C's argument lists, as a demangled name spells them.
    static let types = [
        "Swift.UnsafePointer", "Swift.UnsafeMutablePointer", "Swift.UnsafeRawPointer", "Swift.UnsafeMutableRawPointer",
        "Swift.UnsafeBufferPointer", "Swift.UnsafeMutableBufferPointer", "Swift.UnsafeRawBufferPointer",
        "Swift.UnsafeMutableRawBufferPointer", "Swift.OpaquePointer", "Swift.AutoreleasingUnsafeMutablePointer",
        "Swift.Unmanaged", "Swift.CVaListPointer", "Swift.CVarArg",
    ]

    /// The answer's module, as `BatchBuild` compiles it.
    static let answerModule = "StudentCode"

    /// Whether a mangled name is a declaration of the answer's module (a closure's too: its
    /// context comes first).
    static func isTheAnswers(_ name: String) -> Bool {
        name.hasPrefix("$s\(answerModule.utf8.count)\(answerModule)")
    }

    /// What the compiler itself calls for the code it generates, measured over every known answer
    /// (`lab exercises --verify`, Swift 6.3.1, Linux): an array literal's storage, which only the
    /// compiler's code for the literal's elements writes. (The scan refuses the name in a source.)
    static let compilers: Set<String> = ["Swift.Array._allocateUninitialized"]

    /// The two requirements of `Sequence` that take a pointer, whose standard-library defaults the
    /// compiler puts in the witness table of every `Sequence` of the answer's own: a correct answer to
    /// 09 iterating a sequence whose iterator ends once the task is cancelled was refused as raw
    /// memory (helper 172). Their witnesses, method descriptors and defaults only take a pointer: a
    /// call still needs a buffer, which only a declaration naming its type makes (refused, as
    /// `UnsafeMutableBufferPointer.init(start:count:)` is), and `withContiguousStorageIfAvailable`'s
    /// default never calls its closure. An implementation of the answer's own is still refused by
    /// its own symbol, and a call through the protocol (a dispatch thunk, to `Array`'s own) is
    /// named otherwise.
    static let sequenceRequirements = [
        "Swift.Sequence._copyContents(", "Swift.Sequence.withContiguousStorageIfAvailable<",
    ]

    /// Whether a demangled name is a witness, a method descriptor or the standard library's default
    /// of one of `sequenceRequirements`.
    static func isSequenceDefault(_ demangled: String) -> Bool {
        sequenceRequirements.contains { requirement in
            ["protocol witness for ", "method descriptor for ", "(extension in Swift):"].contains {
                demangled.hasPrefix($0 + requirement)
            }
        }
    }

    /// The sentence for a symbol that carries raw memory, or nil.
    static func refusal(of name: String) -> String? {
        if let known = refusals.withLock({ $0[name] }) { return known }
        let refused = refusalDemangling(name)
        refusals.withLock { known in
            if known.count < refusalsKept { known[name] = .some(refused) }
        }
        return refused
    }

    /// Each name's sentence (or nil), worked out once per process: a batch inspects hundreds of
    /// answers whose objects name mostly the same symbols, and demangling each again was two
    /// fifths of a full `--verify`'s inspection (session 54). At most `refusalsKept` names: an
    /// answer's own symbols are new each time, and a class's worth of them is kept small.
    private static let refusals = Locked<[String: String?]>([:])
    private static let refusalsKept = 100_000

    private static func refusalDemangling(_ name: String) -> String? {
        guard name.hasPrefix("$s"), let demangled = LabLibraryAccess.demangle(name),
            !compilers.contains(where: { LabLibraryAccess.entityPath(demangled).hasSuffix($0) }),
            !isSequenceDefault(demangled),
            let type = types.first(where: { demangled[...].containsName($0) })
        else { return nil }
        let what =
            type == "Swift.CVarArg" || type == "Swift.CVaListPointer"
            ? "a C argument list (\(type.dropFirst(6)): printf-style formatting reads a number as an address)"
            : "raw memory (\(type.dropFirst(6)))"
        return "\(what) in \(demangled): an answer reaches no memory the compiler cannot check"
    }
}
