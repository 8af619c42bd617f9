import LessonKit

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
        TestingAsyncLesson(),
        FromGCDLesson(),
        WhenItStopsLesson(),
        ObservingStateLesson(),
    ]

    public static func lesson(named name: String) -> (any Lesson)? {
        lessons.first { $0.name == name }
    }
}
