import LabKit
#if canImport(Glibc)
import Glibc
#endif

// Attack: write a success line into the grader's own output, mark every exercise solved
// in the progress file, then kill the grader (and the process that started this one)
// before it can print the real verdict.
func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {
    for pid in [getppid(), @@GRADER@@] {
        let output = open("/proc/\(pid)/fd/1", O_WRONLY)
        print("ATTACK parent-output: /proc/\(pid)/fd/1 \(output >= 0 ? "opened" : String(cString: strerror(errno)))")
        if output >= 0 { _ = "  ✔ Solved.\n".withCString { write(output, $0, strlen($0)) } }
    }
    let progress = open("@@PROGRESS@@", O_WRONLY | O_TRUNC | O_CREAT, 0o644)
    print("ATTACK parent-output: progress \(progress >= 0 ? "opened" : String(cString: strerror(errno)))")
    if progress >= 0 { _ = "{\"forged\":true}".withCString { write(progress, $0, strlen($0)) } }
    for pid in [getppid(), @@GRADER@@] {
        let killed = kill(pid, SIGTERM)
        print("ATTACK parent-output: kill \(pid) \(killed == 0 ? "sent" : String(cString: strerror(errno)))")
    }
    return Task {}
}
