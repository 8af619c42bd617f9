import Foundation
import LabConsole
import LabCore
import LabTrace
import LessonKit

/// "Asynchronous Properties": `MyStruct.myResult` with `get async`.
enum AsyncPropertyVariant {
    static let variant = LessonVariant("async-property", title: "An async property: MyStruct.myResult") { context in
        let console = context.console
        console.paragraph(
            """
            A read-only computed property can be async: `var myResult: Date { get async { … } }`. \
            Reading it needs `await`. The book reads it inside a Task {} started by doSomething(), \
            so doSomething() returns before the date is printed. Watch the order of the lines.
            """)
        let demo = ConcurrencyDemo(context: context)
        let myStruct = MyStruct(demo: demo)
        let task = await context.probe.withLane("doSomething()") {
            doSomething(myStruct, demo: demo)
        }
        await task.value

        let spans = context.probe.spans
        let returned = try spans.single(named: "doSomething() returned")
        let read = try spans.single(named: "getTime()")
        context.record("property_read_seconds", "await myStruct.myResult took", seconds: read.duration)
        context.record(
            "returned_before_read_seconds", "doSomething() returned this long before the date",
            seconds: max(0, read.end - returned.start))
        console.paragraph(
            """
            doSomething() returned first; the date came \((read.end - returned.start).formattedAsDuration) \
            later, from a task that outlived the function that started it. An unstructured Task {} is \
            not awaited by anyone unless you keep its handle, as this lesson does to wait for it.
            """)
    }

    /// The book's doSomething() for the async property: starts a Task and returns.
    @MainActor
    static func doSomething(_ myStruct: MyStruct, demo: ConcurrencyDemo) -> Task<Void, Never> {
        let task = Task {
            await demo.probe.withLane("Task {} reading myResult") {
                let date = await myStruct.myResult
                demo.say("\(Timestamp.string(date))")
            }
        }
        demo.say("doSomething() returns")
        demo.probe.mark("doSomething() returned")
        return task
    }
}
