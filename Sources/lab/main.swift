// `lab`: the front door of Concurrency Lab. See LabCommand for the commands.
import Foundation
import LessonKit
import Lessons

// Only when asked: awaiting anything here would suspend the main actor before
// `lab doctor` can observe it on the main thread.
if ProcessInfo.processInfo.environment[ChildDemo.environmentKey] != nil {
    await ChildDemo.runIfRequested(among: LessonCatalog.lessons.flatMap(\.childDemos))
}

let status = await LabCommand.run(Array(CommandLine.arguments.dropFirst()))
exit(status)
