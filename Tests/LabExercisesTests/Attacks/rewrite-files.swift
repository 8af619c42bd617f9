import LabKit
#if canImport(Glibc)
import Glibc
#endif

// Attack: make every later check count failures as passes (other students' in lab grade),
// and replace this answer's own file with the reference solution while it is checked.
func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {
    let support = open("@@SUPPORT@@", O_WRONLY | O_APPEND)
    print("ATTACK rewrite-files: Support.swift \(support >= 0 ? "opened" : String(cString: strerror(errno)))")
    if support >= 0 { _ = "\n// forged: failures count as passes\n".withCString { write(support, $0, strlen($0)) } }
    let solution = open("@@SOLUTION@@", O_RDONLY)
    print("ATTACK rewrite-files: solution \(solution >= 0 ? "opened" : String(cString: strerror(errno)))")
    let answer = open("@@ANSWER@@", O_WRONLY | O_TRUNC)
    print("ATTACK rewrite-files: own file \(answer >= 0 ? "opened" : String(cString: strerror(errno)))")
    if solution >= 0 && answer >= 0 {
        var bytes = [UInt8](repeating: 0, count: 65_536)
        let count = read(solution, &bytes, bytes.count)
        if count > 0 { _ = write(answer, bytes, count) }
    }
    let outside = open("@@OUTSIDE@@", O_WRONLY | O_CREAT, 0o644)
    print("ATTACK rewrite-files: a file outside scratch \(outside >= 0 ? "created" : String(cString: strerror(errno)))")
    return Task {}
}
