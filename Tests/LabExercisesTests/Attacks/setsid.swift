import LabKit
#if canImport(Glibc)
import Glibc
#endif

// Attack: leave the check's process group, so a process started from here outlives the
// check's group kill and rewrites the progress file after the grader saved it.
func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {
    let session = setsid()
    print("ATTACK setsid: \(session >= 0 ? "left the group" : String(cString: strerror(errno)))")
    var pid = pid_t()
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sh"), strdup("-c"), strdup("sleep 2; echo forged > '@@PROGRESS@@'"), nil]
    posix_spawn(&pid, "/bin/sh", nil, nil, argv, nil)
    return Task { await model.doSomething() }
}
