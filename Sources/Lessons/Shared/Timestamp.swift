import Foundation
import LabCore

/// Dates printed as the book prints `Date()`, with milliseconds added: at the
/// lab's time scale a 5 s wait takes 250 ms, which whole seconds would hide.
public enum Timestamp {
    /// One formatter, made once: the first DateFormatter on Linux loads ICU data
    /// (tens of ms), which must not land inside a step a lesson is timing.
    private static let formatter = Locked<DateFormatter>(
        {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS Z"
            return formatter
        }())

    public static func string(_ date: Date) -> String {
        formatter.withLock { $0.string(from: date) }
    }

    public static var now: String { string(Date()) }
}
