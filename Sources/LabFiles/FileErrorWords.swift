import Foundation

/// A file error in plain words, naming its path, for one error line: never Foundation's
/// "Error Domain=NSCocoaErrorDomain Code=516 … UserInfo={…}" dump.
public enum FileErrorWords {
    /// "cannot write /tmp/x: a file is in the way"; nil when `error` is not about a file.
    public static func sentence(for error: any Error) -> String? {
        let error = error as NSError
        let path = (error.userInfo[NSFilePathErrorKey] as? String) ?? (error.userInfo[NSURLErrorKey] as? URL)?.path
        let underlying = (error.userInfo[NSUnderlyingErrorKey] as? NSError).flatMap {
            $0.domain == NSPOSIXErrorDomain ? Self.errno(Int32($0.code)) : nil
        }
        let verb: String
        let words: String
        switch error.domain {
        case NSPOSIXErrorDomain:
            verb = "use"
            words = Self.errno(Int32(error.code))
        case NSCocoaErrorDomain where (0...1023).contains(error.code):
            verb = (256..<512).contains(error.code) ? "read" : (512...1023).contains(error.code) ? "write" : "use"
            words = underlying ?? Self.cocoaWords[error.code] ?? "the file system refused"
        default:
            return nil
        }
        guard let path else { return "cannot \(verb) a file: \(words)" }
        return "cannot \(verb) \(path): \(words)"
    }

    /// Foundation's file error codes that carry no POSIX error, in words.
    private static let cocoaWords: [Int: String] = [
        CocoaError.fileNoSuchFile.rawValue: "no such file or folder",
        CocoaError.fileReadNoSuchFile.rawValue: "no such file or folder",
        CocoaError.fileReadNoPermission.rawValue: "permission denied",
        CocoaError.fileWriteNoPermission.rawValue: "permission denied",
        CocoaError.fileWriteFileExists.rawValue: "a file is in the way",
        CocoaError.fileWriteOutOfSpace.rawValue: "the disk is full",
        CocoaError.fileWriteVolumeReadOnly.rawValue: "the file system is read-only",
        CocoaError.fileReadCorruptFile.rawValue: "it is damaged or not in the expected format",
    ]

    /// The system's words for an errno value, lower-cased: "permission denied".
    public static func errno(_ number: Int32) -> String {
        let text = String(cString: strerror(number))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
