import LabKit
#if canImport(Glibc)
import Glibc
#endif

// Attack: a correct answer that leaves a process behind, to rewrite progress (and drop a
// file outside the scratch folder) after the check ended and the grader saved its verdict.
func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {
    var pid = pid_t()
    let argv: [UnsafeMutablePointer<CChar>?] = [
        strdup("/bin/sh"), strdup("-c"),
        strdup("sleep 3; echo forged > '@@PROGRESS@@'; echo stray > '@@OUTSIDE@@'"), nil,
    ]
    let started = posix_spawn(&pid, "/bin/sh", nil, nil, argv, nil)
    print("ATTACK stray: \(started == 0 ? "started \(pid)" : String(cString: strerror(started)))")
    return Task { await model.doSomething() }
}
