import Foundation

/// A secret fresh for each answer's build, which the check sends back first: proof that the
/// binary that ran is the one this build linked, not a stale one (the binary's stamp, compared
/// just before it runs, is the first proof; this is the second).
///
/// On Linux the linker writes it into the binary (`--defsym`: four absolute symbols, read by
/// `lab_check_send_build_fingerprint` in the check's channel), so nothing of it is in the
/// answer's source: the answer's module is the same for the same code, and is compiled once
/// for it (`AnswerModules`). Elsewhere (a Mac's linker has no `--defsym`; not measured there) it
/// is a line added to the answer's code, as before, and every answer is compiled.
struct BuildFingerprint: Sendable, Equatable {
    let words: [UInt64]

    static func fresh() -> BuildFingerprint {
        var generator = SystemRandomNumberGenerator()
        return BuildFingerprint(words: (0..<4).map { _ in generator.next() })
    }

    /// As the check sends it: each word in sixteen hexadecimal digits.
    var text: String {
        words.map { word in
            let digits = String(word, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }

    /// Whether the linker writes the fingerprint (else it is compiled with the answer's code).
    static let linked: Bool = {
        #if os(Linux)
            true
        #else
            false
        #endif
    }()

    /// The answer's code as it is compiled: with the fingerprint's line where it is not linked.
    func code(_ code: String) -> String {
        Self.linked ? code : Grader.fingerprinted(code, fingerprint: text)
    }

    /// The linker's own arguments that define the fingerprint's symbols.
    var linkerArguments: [String] {
        words.enumerated().map { index, word in
            "--defsym=lab_check_build_fingerprint_\(index)=0x\(String(word, radix: 16))"
        }
    }

    /// `job` (a program and its arguments) with the fingerprint's symbols given to the linker it
    /// runs or starts: the linker itself, the C compiler's driver or the Swift driver. Other jobs
    /// (an autolink extraction) as they are, and every job where the fingerprint is not linked.
    func linking(_ job: [String]) -> [String] {
        guard Self.linked, let program = job.first else { return job }
        switch URL(fileURLWithPath: program).lastPathComponent {
        case "ld.lld", "ld", "ld.gold", "lld", "ld.bfd": return job + linkerArguments
        case "clang", "clang++": return job + linkerArguments.map { "-Wl," + $0 }
        case "swiftc", "swift-driver": return job + linkerArguments.flatMap { ["-Xlinker", $0] }
        default: return job
        }
    }
}
