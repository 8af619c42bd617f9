import Foundation

/// Dates printed as the book prints `Date()`, with milliseconds added: at the
/// lab's time scale a 5 s wait takes 250 ms, which whole seconds would hide.
public enum Timestamp {
    public static func string(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS Z"
        return formatter.string(from: date)
    }

    public static var now: String { string(Date()) }
}
