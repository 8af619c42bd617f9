import Foundation

/// The facts of the machine a result came from, for every report.
public struct EnvironmentInfo: Sendable, Codable, Equatable {
    public let swiftVersion: String
    public let operatingSystem: String
    public let cpuModel: String
    public let cpuCount: Int
    public let buildConfiguration: String
    /// The isolation mode the lab's own code was compiled in ("Swift 6", "approachable"):
    /// where a result says code ran, it ran there in this mode. Absent in reports written
    /// before it was recorded.
    public var compileMode: String? = nil

    public static func current() -> EnvironmentInfo {
        EnvironmentInfo(
            swiftVersion: swiftLanguageVersion,
            operatingSystem: operatingSystemName(),
            cpuModel: cpuModelName(),
            cpuCount: ProcessInfo.processInfo.activeProcessorCount,
            buildConfiguration: buildConfiguration,
            compileMode: CompileMode.ofTheLab.title)
    }

    /// "debug" or "release", as this code was compiled.
    public static var buildConfiguration: String {
        #if DEBUG
            "debug"
        #else
            "release"
        #endif
    }

    /// The compiler that built the lab, to the minor version.
    public static var swiftLanguageVersion: String {
        #if swift(>=6.5)
            "6.5 or later"
        #elseif swift(>=6.4)
            "6.4"
        #elseif swift(>=6.3)
            "6.3"
        #elseif swift(>=6.2)
            "6.2"
        #elseif swift(>=6.1)
            "6.1"
        #else
            "6.0"
        #endif
    }

    static func operatingSystemName() -> String {
        #if os(Linux)
            if let release = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8),
                let line = release.split(separator: "\n").first(where: { $0.hasPrefix("PRETTY_NAME=") })
            {
                let name = line.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                // The distribution first, then the kernel: its name may hold parentheses of its own
                // ("Debian GNU/Linux 12 (bookworm)"), which inside another pair read badly.
                return "\(name), Linux \(kernelRelease())"
            }
            return "Linux \(kernelRelease())"
        #else
            return ProcessInfo.processInfo.operatingSystemVersionString
        #endif
    }

    static func kernelRelease() -> String {
        var names = utsname()
        guard uname(&names) == 0 else { return "" }
        return withUnsafeBytes(of: &names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    static func cpuModelName() -> String {
        #if os(Linux)
            if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
                let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
                let colon = line.firstIndex(of: ":")
            {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        #else
            var size = 0
            if sysctlbyname("machdep.cpu.brand_string", nil, &size, nil, 0) == 0, size > 0 {
                var buffer = [CChar](repeating: 0, count: size)
                if sysctlbyname("machdep.cpu.brand_string", &buffer, &size, nil, 0) == 0 {
                    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                }
            }
        #endif
        return "unknown CPU"
    }
}
