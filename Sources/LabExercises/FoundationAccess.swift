/// Foundation's ways to the grader's machine (files, processes, the environment) and its
/// process-wide stores, refused in the compiled answer by symbol, however the source reached
/// them. The scan refuses them by their spellings (`ForbiddenPattern.systemAccess`), a list an
/// audit walked past: `Data.init` taken as a value of type `(URL, Data.ReadingOptions) throws ->
/// Data`, `data.write` taken from an instance and a file URL made with `URLComponents` read and
/// wrote a file in the check's working folder, where the answer counted the check's calls (the
/// kept-state rule, `KeptState`, sees only stored values). A call's symbol names its entity
/// whatever the spelling (`FoundationEssentials.Data.write(to:options:)`), as the lab's own
/// libraries' are read (`LabLibraryAccess`). Landlock still keeps such code to its scratch
/// folder; this keeps it from the scratch folder too, and says why before the check runs.
enum FoundationAccess {
    struct Refused: Sendable, Equatable {
        /// The entity as an answer spells it: a type (`FileManager`), or a type's member and the
        /// label its arguments begin with (`Data.write(to:)`).
        let spelled: String
        /// Its paths in a demangled name (`Foundation.FileManager`, `Swift.StringProtocol.write`).
        let paths: [String]
        /// The first argument labels that make the member the refused one (`init(contentsOf:`, not
        /// `init(repeating:`); empty for every use.
        let labels: [String]
        let reason: String
        /// Whose it is, for the student: Foundation's, or Dispatch's (`DispatchIO` opens files by path).
        var owner = "Foundation"
        /// A class's Objective-C name on a Mac (`NSFileManager`), where it has one: see `darwinNames`.
        var objectiveC: String? = nil
    }

    /// Foundation's modules: Linux splits it (swift-foundation's `FoundationEssentials` under
    /// corelibs' `Foundation`, and `URLSession` in `FoundationNetworking`); a Mac has one.
    static let modules = [
        "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
    ]

    static let files = "reaches the grader's files, processes or environment; an answer only computes"
    static let stores = "keeps state for the whole process; an answer keeps none between the check's calls"

    static let refused: [Refused] =
        types(
            [
                "FileManager", "FileHandle", "FileWrapper", "Process", "ProcessInfo", "Pipe", "Bundle", "InputStream",
                "OutputStream", "NSData", "NSMutableData", "NSString", "NSMutableString",
                // A `file://` URL reads any file a data task can reach; Linux keeps it in
                // FoundationNetworking (an import an answer cannot make), a Mac in Foundation.
                "URLSession",
            ], files)
        + types(
            ["UserDefaults", "NotificationCenter", "NSCache", "ValueTransformer", "URLCache", "HTTPCookieStorage"],
            stores)
        + [
            member("Data", "init", labels: ["contentsOf:"]),
            member("Data", "write", labels: ["to:"]),
            // String's file methods are Foundation's extensions of the standard library's types.
            Refused(
                spelled: "String(contentsOf:)", paths: ["Swift.String.init"],
                labels: ["contentsOf:", "contentsOfFile:"], reason: files),
            Refused(
                spelled: "String.write(to:)", paths: ["Swift.StringProtocol.write", "Swift.String.write"],
                labels: ["to:", "toFile:"], reason: files),
            Refused(
                spelled: "DispatchIO", paths: ["Dispatch.DispatchIO"], labels: [], reason: files, owner: "Dispatch"),
        ]

    /// On a Mac these classes are Objective-C's, renamed for Swift: `FileManager` is `NSFileManager`,
    /// `Process` is `NSTask`. A compiled answer names them so, not `Foundation.FileManager`: a
    /// message sent to one references the class as `OBJC_CLASS_$_NSFileManager` (and the method by
    /// a selector, no symbol at all), and a Swift member of Foundation's on one mangles it as
    /// `__C.NSFileManager`. Spelled only as Linux's, none of these was refused there.
    static let darwinNames = [
        "FileManager": "NSFileManager", "FileHandle": "NSFileHandle", "FileWrapper": "NSFileWrapper",
        "Process": "NSTask", "ProcessInfo": "NSProcessInfo", "Pipe": "NSPipe", "Bundle": "NSBundle",
        "InputStream": "NSInputStream", "OutputStream": "NSOutputStream", "NSData": "NSData",
        "NSMutableData": "NSMutableData", "NSString": "NSString", "NSMutableString": "NSMutableString",
        "UserDefaults": "NSUserDefaults", "NotificationCenter": "NSNotificationCenter", "NSCache": "NSCache",
        "ValueTransformer": "NSValueTransformer", "URLSession": "NSURLSession", "URLCache": "NSURLCache",
        "HTTPCookieStorage": "NSHTTPCookieStorage",
    ]

    private static func types(_ names: [String], _ reason: String) -> [Refused] {
        names.map { name in
            let objectiveC = darwinNames[name]
            return Refused(
                spelled: name, paths: modules.map { "\($0).\(name)" } + (objectiveC.map { ["__C.\($0)"] } ?? []),
                labels: [], reason: reason, objectiveC: objectiveC)
        }
    }

    private static func member(_ type: String, _ name: String, labels: [String]) -> Refused {
        Refused(
            spelled: "\(type).\(name)(\(labels[0]))", paths: modules.map { "\($0).\(type).\(name)" }, labels: labels,
            reason: files)
    }
}
