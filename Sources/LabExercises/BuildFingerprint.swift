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

    /// The link's jobs (each a program and its arguments) with the fingerprint's symbols given to
    /// the linker: to the linker itself, or through the C compiler's driver or the Swift driver
    /// that starts it. Other jobs (an autolink extraction) as they are; every job as it is where
    /// the fingerprint is not linked. Nil when it must be linked and no job is a program that
    /// takes them: every check would then send zeros and be refused as not this answer's build,
    /// so the caller says the toolchain is at fault instead.
    func linking(_ jobs: [[String]]) -> [[String]]? {
        guard Self.linked else { return jobs }
        var given = false
        let linked = jobs.map { job -> [String] in
            guard let program = job.first, let kind = LinkProgram(URL(fileURLWithPath: program).lastPathComponent)
            else { return job }
            given = true
            switch kind {
            case .linker: return job + linkerArguments
            case .compilerDriver: return job + linkerArguments.map { "-Wl," + $0 }
            case .swiftDriver: return job + linkerArguments.flatMap { ["-Xlinker", $0] }
            }
        }
        return given ? linked : nil
    }

    /// What starts the link, by the program's name: a linker (`ld`, `ld.lld`, `ld.gold`, `lld`, …),
    /// a C compiler's driver (`clang`, `gcc`, `cc`, …) or the Swift driver.
    enum LinkProgram {
        case linker, compilerDriver, swiftDriver

        init?(_ name: String) {
            if name == "swiftc" || name == "swift-driver" {
                self = .swiftDriver
            } else if name.hasPrefix("clang") || ["cc", "c++", "gcc", "g++"].contains(name) {
                self = .compilerDriver
            } else if name == "ld" || name.hasPrefix("ld.") || name.hasSuffix("lld") {
                self = .linker
            } else {
                return nil
            }
        }
    }
}
