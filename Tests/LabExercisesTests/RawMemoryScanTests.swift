import Foundation
import Testing

@testable import LabExercises
@testable import LabSourceScan

/// The audit's forged verdict (finding 1): an answer named the C library's module
/// (`SwiftGlibc.fopen`), took a raw pointer from `malloc` without writing its type, and read
/// the secret's page through it. The scan refuses each step, however the pointer's type is spelled.
@Suite("The scan refuses raw memory however it is reached")
struct RawMemoryScanTests {
    let exercise = TestLab.catalog.exercise(named: "01")!

    func refused(_ source: String) -> [String] {
        SourceScanner.findings(in: source, forbidden: exercise.forbidden).map(\.code)
    }

    @Test func theAuditsSecretThiefIsRefusedAtEveryStep() throws {
        let thief = """
            import Foundation
            import LabCore
            func takesTooLong(_ work: SimulatedWork) async -> Date {
                let fp = SwiftGlibc.fopen("/pr" + "oc/self/maps", "r")
                let buf = malloc(1 << 20)!
                _ = SwiftGlibc.fread(buf, 1, 100, fp)
                let byte = buf.load(fromByteOffset: 0, as: UInt8.self)
                _ = SwiftGlibc.write(4, "\\(byte)", 1)
                SwiftGlibc._exit(0)
            }
            """
        let found = refused(thief)
        for code in ["`SwiftGlibc.`", "`malloc`", "`.load(fromByteOffset:`", "`fopen`", "`fread`", "`write`"] {
            expect(found.contains(code), "\(code) not refused: \(found)")
        }
    }

    @Test(arguments: [
        "func f() { _ = Glibc.write(1, nil, 0) }",
        "func f() { _ = Foundation.fopen(\"x\", \"r\") }",
        "func f() { _ = SwiftShims._swift_stdlib_getHardwareConcurrency() }",
        "func f() { let p = strdup(\"x\")!; print(p.pointee) }",
        "func f() { let p = calloc(1, 8)!; p.storeBytes(of: 1, as: UInt8.self) }",
        "func f(_ s: String) { s.withCString { print($0) } }",
        "func f(_ a: [Int]) { _ = a.withContiguousStorageIfAvailable { $0.baseAddress } }",
        "func f(_ p: OpaquePointer) { }",
        "func f(_ x: Int) { let p = UnsafeRawPointer(bitPattern: x) }",
        "func f() { let d = NSMutableData(length: 8)!; print(d.mutableBytes) }",
        "func f(_ r: Any) { _ = (r as AnyObject).assumingMemoryBound(to: Int.self) }",
        // Helper 121's audit: pointers with no pointer type spelled, and formatting that reads one.
        "func f() { var a = [0]; a._baseAddressIfContiguous![8] = 1 }",
        // A name of the code's own like the standard library's excuses only its own use of it.
        "struct S { var _baseAddressIfContiguous = 0 }\nfunc f() { var a = [0]; a._baseAddressIfContiguous![8] = 1 }",
        "let unsafeBitCast = 0\nfunc f(_ x: Int) -> Double { Swift.unsafeBitCast(x, to: Double.self) }",
        "func f(_ o: AnyObject) { _ = _getUnsafePointerToStoredProperties(o) }",
        "func f(_ x: Int) { var y = 0; _ = AutoreleasingUnsafeMutablePointer<Int>(&y) }",
        "import Foundation\nfunc f(_ x: Int) -> Data { Data(bytes: .init(bitPattern: x)!, count: 8) }",
        "import Foundation\nfunc f(_ x: Int) -> String { String(format: \"%s\", x) }",
        "import Foundation\nfunc f(_ x: [CVarArg]) -> String { String(format: \"%d\", arguments: x) }",
        // A parameter of the code's own named `format` excuses only its own calls.
        "import Foundation\nfunc describe(format: Int) {}\nfunc f(_ x: Int) -> String { String(format: \"%d\", x) }",
        "import Foundation\nstruct S { init(format: Int) {} }\nfunc f(_ x: Int) -> String { .init(format: \"%d\", x) }",
    ])
    func rawMemoryIsRefused(source: String) {
        expect(!refused(source).isEmpty, "\(source)")
    }

    /// What correct answers write stays accepted: an instant's `advanced(by:)` (an alternative of
    /// exercise 25) and an atomic's `load(ordering:)` are not a pointer's.
    @Test(arguments: [
        "func f() -> ContinuousClock.Instant { ContinuousClock().now.advanced(by: .seconds(1)) }",
        "import Synchronization\nfunc f(_ a: Atomic<Int>) -> Int { a.load(ordering: .relaxed) }",
        "func f() -> Int { Swift.max(1, 2) }",
        // The lone `_` is no underscored name, nor is a name with `unsafe` written in a string.
        "func f(_ x: Int) { _ = x; let g: (Int) -> Int = { _ in 0 }; print(\"unsafe\", g(0)) }",
        // A review's finds: a correct answer's word, and a platform named in a condition.
        "func f(stock: Int, reserved: Int) -> Bool { let free = stock - reserved; return free > 0 }",
        "#if canImport(Darwin)\nlet shared = 1\n#elseif os(Linux) || os(Android)\nlet shared = 2\n#endif",
        // A backing store named with an underscore, a common style: the code's own name, used as its own.
        "actor Store { private var _items: [Int] = []\n func add(_ x: Int) { _items.append(x); self._items.append(x) } }",
        "func f() { let _count = 1; print(_count) }",
        "struct Retry { var isUnsafeToRepeat = false\n func go() -> Bool { !isUnsafeToRepeat && !self.isUnsafeToRepeat } }",
        // A label of the code's own named `format`, declared and called: no printf-style formatting.
        "enum Style { case short }\nfunc describe(format: Style) -> Int { 0 }\nfunc f() -> Int { describe(format: .short) }",
        "struct Line { init(format: Int) {} }\nfunc f() -> Line { Line(format: 1) }",
    ])
    func safeLookalikesAreAccepted(source: String) {
        expect(refused(source).isEmpty, "\(source): \(refused(source))")
    }

    /// `UInt64(bitPattern: seed)` between integers is refused with the rest (the scan cannot tell
    /// the types), and the reason is true of it: it names the conversions that need no bitPattern:.
    @Test func anIntegersBitPatternIsToldTheConversionsThatNeedNone() {
        let found = SourceScanner.findings(
            in: "func f(_ seed: Int64) -> UInt64 { UInt64(bitPattern: seed) }", forbidden: exercise.forbidden)
        expect(found.contains { $0.code == "`bitPattern:`" && $0.reason.contains("truncatingIfNeeded") }, "\(found)")
    }

    /// A name of the code's own used on another value (`lhs._id` in its `==`) is refused, and the
    /// sentence says why it is not excused as `self._id` is, not only that the library's are so named.
    @Test func anOwnUnderscoredMemberOfAnotherValueIsToldWhy() {
        let source =
            "struct Tag: Equatable { let _id: Int\n static func == (l: Tag, r: Tag) -> Bool { l._id == r._id } }"
        let found = SourceScanner.findings(in: source, forbidden: exercise.forbidden)
        expect(found.contains { $0.code == "`_id`" && $0.reason.contains("only bare or after `self.`") }, "\(found)")
    }

    /// A `Sequence` of the answer's own: the witnesses and defaults of the two requirements that take a
    /// pointer pass (a correct answer to 09 was refused for them), a buffer made to call one does not.
    @Test func aSequenceOfTheAnswersOwnIsNotRawMemory() {
        let passing = [
            "$s11StudentCode4BitsVSTAAST13_copyContents12initializing8IteratorQz_SitSry7ElementQzG_tFTW",
            "$s11StudentCode4BitsVSTAAST32withContiguousStorageIfAvailableyqd__Sgqd__SRy7ElementQzGKXEKlFTW",
            "$sST13_copyContents12initializing8IteratorQz_SitSry7ElementQzG_tFTq",
            "$sSTsE13_copyContents12initializing8IteratorQz_SitSry7ElementQzG_tF",
            "$sSTsE32withContiguousStorageIfAvailableyqd__Sgqd__SRy7ElementQzGKXEKlF",
        ]
        for name in passing { expectEqual(RawMemorySymbols.refusal(of: name), nil, "\(name)") }
        // Swift.UnsafeMutableBufferPointer.init(start:count:), which a call to the default would need.
        expectContains(RawMemorySymbols.refusal(of: "$sSr5start5countSryxGSpyxGSg_SitcfC") ?? "", "raw memory")
    }

    /// The compiled module's symbols: a name is judged once per process and then remembered, and
    /// asked again it gets the same answer (a batch inspects hundreds of answers naming the same symbols).
    @Test func aSymbolIsJudgedTheSameWhenAskedAgain() {
        let pointee = "$sSp7pointeexvg"  // Swift.UnsafeMutablePointer.pointee.getter
        let count = "$sSS5countSivg"  // Swift.String.count.getter
        let taking = "$s11StudentCode4stepyySpySiGF"  // StudentCode.step(Swift.UnsafeMutablePointer<Swift.Int>)
        for _ in 0..<2 {
            expectContains(RawMemorySymbols.refusal(of: pointee) ?? "", "raw memory (UnsafeMutablePointer)")
            expectEqual(RawMemorySymbols.refusal(of: count), nil)
            expectContains(RawMemorySymbols.refusal(of: taking) ?? "", "StudentCode.step(")
        }
    }
}
