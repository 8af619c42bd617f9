/// The current task's name (SE-0469), where the runtime keeps names.
public enum TaskName {
    /// `Task.name` needs the Swift 6.2 runtime: built into Linux toolchains from 6.2,
    /// and part of macOS 26 / iOS 26 on Apple platforms. On older Apple systems a name
    /// given to `Task(name:)` is accepted and dropped, so this is nil there.
    public static var current: String? {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            return Task.name
        }
        return nil
    }
}
