/// A task priority's name, from the raw value a span recorded.
enum TaskPriorityName {
    static func name(_ raw: UInt8?) -> String? {
        guard let raw else { return nil }
        switch raw {
        case TaskPriority.high.rawValue: return "high"
        case TaskPriority.medium.rawValue: return "medium"
        case TaskPriority.low.rawValue: return "low"
        case TaskPriority.background.rawValue: return "background"
        default: return "priority \(raw)"
        }
    }
}
