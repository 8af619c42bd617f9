import Testing

@testable import LabExercises
@testable import LabSourceScan

/// Foundation's files, processes and process-wide stores, refused in the compiled answer by
/// symbol (`FoundationAccess`): an audit's answer read and wrote a file in the check's working
/// folder through `Data.init` taken as a value and an instance's `write`, which the scan's
/// spellings missed, and counted the check's calls there.
@Suite("Foundation's files are refused in the compiled answer, however spelled")
struct FoundationAccessTests {
    @Test(arguments: [
        // Swift 6.3 on Linux: swift-foundation's module, `Data.init(contentsOf:options:)` and `write(to:options:)`.
        (
            "$s20FoundationEssentials4DataV10contentsOf7optionsAcA3URLVh_AC14ReadingOptionsVtKcfC",
            "Data.init(contentsOf:)"
        ),
        ("$s20FoundationEssentials4DataV5write2to7optionsyAA3URLV_AC14WritingOptionsVtKF", "Data.write(to:)"),
        // String's file methods are extensions of the standard library's types.
        ("$sSS20FoundationEssentialsE10contentsOf8encodingSSAA3URLVh_SSAAE8EncodingVtKcfC", "String(contentsOf:)"),
        ("$sSy20FoundationEssentialsE5write2to10atomically8encodingyAA3URLV_SbSSAAE8EncodingVtKF", "String.write(to:)"),
        // A data task reads a `file://` URL; its cache and cookies are process-wide stores (Linux's
        // FoundationNetworking: `URLSession.shared`, `URLCache.shared`).
        ("$s20FoundationNetworking10URLSessionC6sharedACvgZ", "URLSession"),
        ("$s20FoundationNetworking8URLCacheC6sharedACvgZ", "URLCache"),
    ])
    func filesReachedWithoutTheirSpellingsAreRefused(symbol: String, spelled: String) {
        expectEqual(FoundationAccess.refusal(ofReference: symbol)?.spelled, spelled, symbol)
    }

    /// The same types' and names' other members compute: a `Data` made of bytes, `TextOutputStream`'s
    /// `String.write(_:)`, a URL built from parts.
    @Test(arguments: [
        "$s20FoundationEssentials4DataV9repeating5countACs5UInt8V_SitcfC",
        "$sSS5writeyySSF",
        "$s20FoundationEssentials13URLComponentsV3urlAA3URLVSgvg",
    ])
    func theirNeighboursAreNot(symbol: String) {
        expectEqual(FoundationAccess.refusal(ofReference: symbol)?.spelled, nil, symbol)
    }

    /// A Mac's Foundation: these classes are Objective-C's there, so a compiled answer references
    /// them by their Objective-C names, which the Linux spellings (`Foundation.FileManager`) missed.
    @Test(arguments: [
        // A message to the class (`FileManager.default`, `ProcessInfo.processInfo`): the class's symbol.
        ("OBJC_CLASS_$_NSFileManager", "FileManager"),
        ("OBJC_CLASS_$_NSTask", "Process"),
        ("OBJC_CLASS_$_NSProcessInfo", "ProcessInfo"),
        ("OBJC_CLASS_$_NSUserDefaults", "UserDefaults"),
        ("OBJC_CLASS_$_NSFileHandle", "FileHandle"),
        ("OBJC_CLASS_$_NSURLSession", "URLSession"),
        // A Swift member Foundation adds to one: `(extension in Foundation):__C.NSFileManager.contents(atPath:)`.
        ("$sSo13NSFileManagerC10FoundationE8contents6atPathAC4DataVSgSS_tF", "FileManager"),
        // An imported member with a Swift symbol of its own: `static __C.NSFileManager.default.getter`.
        ("$sSo13NSFileManagerC7defaultABvgZ", "FileManager"),
    ])
    func aMacsObjectiveCNamesAreRefusedToo(symbol: String, spelled: String) {
        expectEqual(FoundationAccess.refusal(ofReference: symbol)?.spelled, spelled, symbol)
    }

    /// Other Objective-C classes, and names that only begin like a refused one, are not refused.
    @Test(arguments: ["OBJC_CLASS_$_NSObject", "OBJC_CLASS_$_NSDataDetector", "OBJC_CLASS_$_NSStringFoo"])
    func otherObjectiveCClassesAreNot(symbol: String) {
        expectEqual(FoundationAccess.refusal(ofReference: symbol)?.spelled, nil, symbol)
    }
}
