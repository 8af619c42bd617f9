import LabKit

/// Every lesson the lab has, in teaching order. `lab` lists and runs these.
public enum LessonCatalog {
    public static let lessons: [any Lesson] = [
        SyncVsAsyncLesson(),
        AsyncLetLesson(),
        TaskGroupsLesson(),
        ForAwaitLesson(),
        CancellationLesson(),
        ActorsLesson(),
        MainActorLesson(),
        ContinuationsLesson(),
        InventoryLesson(),
        IsolationModesLesson(),
        TaskAPIsLesson(),
    ]

    /// Lessons the design plans that are not built yet, so `lab list` can say so honestly.
    public static let planned: [(name: String, summary: String)] = [
    ]

    public static func lesson(named name: String) -> (any Lesson)? {
        lessons.first { $0.name == name }
    }
}
