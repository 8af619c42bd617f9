// What a task's priority becomes on the thread that runs it: the OS priority of the
// executor's thread, read from inside tasks started at each priority. Independent of the
// lab's code, so it checks the fact docs/PLATFORM.md states. Linux: the thread's nice
// value (lower runs first); Apple platforms: the thread's QoS class.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

func threadPriority() -> String {
    #if canImport(Glibc)
    return "nice \(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0))"
    #elseif canImport(Darwin)
    return "QoS raw value \(qos_class_self().rawValue)"
    #else
    return "unknown"
    #endif
}

@main
struct ThreadPriorityCheck {
    static func main() async {
        let priorities: [(String, TaskPriority)] = [
            (".background", .background), (".utility / .low", .utility), (".medium", .medium), (".high / .userInitiated", .high),
        ]
        print("priority                  thread, 5 detached tasks each (not awaited while they run, so none is escalated)")
        for (name, priority) in priorities {
            var seen: [String] = []
            let tasks = (0..<5).map { _ in Task.detached(priority: priority) { threadPriority() } }
            // Awaiting a task escalates it to the waiter's priority if it has not run yet: give
            // them time to finish first, so each reads the priority it was started with.
            try? await Task.sleep(for: .milliseconds(50))
            for task in tasks { seen.append(await task.value) }
            print(name + String(repeating: " ", count: max(1, 26 - name.count)) + Set(seen).sorted().joined(separator: ", "))
        }
    }
}
