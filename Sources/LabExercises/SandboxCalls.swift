import CLabSandbox

/// The system calls the sandbox refuses, named for a verdict (numbers differ by processor).
enum SandboxCalls {
    static func name(_ number: Int) -> String {
        lab_sandbox_refused_call_name(number).map { String(cString: $0) } ?? "system call \(number)"
    }

    /// Why a check may not make it, in a few words.
    static func why(_ number: Int) -> String {
        switch name(number) {
        case "setsid", "setpgid": "it would leave the check's process group and outlive the check"
        case "ptrace", "process_vm_readv", "process_vm_writev", "pidfd_getfd", "kcmp": "it reaches into another process"
        case "kill", "tgkill", "tkill", "rt_sigqueueinfo", "rt_tgsigqueueinfo", "pidfd_send_signal":
            "it signals a process outside the check"
        default: "it reaches outside the sandbox"
        }
    }
}
