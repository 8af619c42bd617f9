import Foundation

/// The files mapped into this process, as Linux lists them in /proc/self/maps
/// ("start-end perms offset dev inode path"): which file holds a given address.
enum ProcessMaps {
    static func file(containing address: UInt, maps: String? = ProcessMaps.read()) -> String? {
        guard let maps else { return nil }
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6 else { continue }
            let bounds = fields[0].split(separator: "-")
            guard bounds.count == 2, let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16),
                start <= address, address < end
            else { continue }
            let path = fields[5].trimmingCharacters(in: .whitespaces)
            return path.hasPrefix("/") ? path : nil
        }
        return nil
    }

    /// This process's map, read to its end. Not `String(contentsOfFile:)`: on Linux it reads a
    /// /proc file's first 4 kB only (its size says 0), and a sanitized build's map puts the
    /// executable's lines after hundreds of the sanitizer's own (found by CI; measured: 4,074
    /// bytes read of 158,160).
    static func read() -> String? {
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/maps"),
            let data = try? handle.readToEnd()
        else { return nil }
        return String(data: data, encoding: .utf8)
    }
}
