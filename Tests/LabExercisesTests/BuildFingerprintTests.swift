import Foundation
import Testing

@testable import LabExercises

/// The build's fingerprint, given to the linker (`BuildFingerprint`): each word as the check's
/// channel prints it, and to whichever program starts the link.
@Suite("The build's fingerprint, written by the link")
struct BuildFingerprintTests {
    static let fingerprint = BuildFingerprint(words: [0, 1, 0xabc, .max])

    @Test func theTextIsEachWordInSixteenHexadecimalDigits() {
        expectEqual(
            Self.fingerprint.text,
            "0000000000000000" + "0000000000000001" + "0000000000000abc" + "ffffffffffffffff")
        expectNotEqual(BuildFingerprint.fresh(), BuildFingerprint.fresh())
    }

    /// To the linker itself, through the C driver or the Swift driver; an autolink extraction as it
    /// is; a link that starts nothing known is nil (the toolchain's fault, said so), not a link
    /// without the fingerprint (which every check would answer with zeros).
    @Test func eachLinkProgramGetsTheSymbolsItsOwnWay() throws {
        let fingerprint = Self.fingerprint
        guard BuildFingerprint.linked else {
            // Compiled into the code instead: the link is left as it is.
            expectEqual(fingerprint.linking([["/usr/bin/ld", "-o", "x"]]), [["/usr/bin/ld", "-o", "x"]])
            expectContains(fingerprint.code("let a = 1"), fingerprint.text)
            return
        }
        expectEqual(fingerprint.code("let a = 1"), "let a = 1")
        let symbols = fingerprint.linkerArguments
        expectEqual(symbols.count, 4)
        expectEqual(symbols[2], "--defsym=lab_check_build_fingerprint_2=0xabc")
        let autolink = ["/opt/swift/usr/bin/swift-autolink-extract", "a.o", "-o", "a.autolink"]
        let linked = try unwrap(
            fingerprint.linking([
                autolink, ["/opt/swift/usr/bin/ld.lld", "-o", "check"],
            ]))
        expectEqual(linked, [autolink, ["/opt/swift/usr/bin/ld.lld", "-o", "check"] + symbols])
        expectEqual(
            fingerprint.linking([["/usr/bin/clang", "-o", "check"]]),
            [["/usr/bin/clang", "-o", "check"] + symbols.map { "-Wl," + $0 }])
        expectEqual(
            fingerprint.linking([["/opt/swift/usr/bin/swiftc", "-emit-executable"]])?.first?.suffix(8),
            ["-Xlinker", symbols[0], "-Xlinker", symbols[1], "-Xlinker", symbols[2], "-Xlinker", symbols[3]])
        for linker in ["ld", "ld.gold", "ld.bfd", "lld", "ld64.lld"] {
            expectEqual(fingerprint.linking([["/bin/" + linker]]), [["/bin/" + linker] + symbols], linker)
        }
        expectEqual(fingerprint.linking([autolink, ["/usr/bin/mystery-linker", "-o", "check"]]), nil)
    }
}
