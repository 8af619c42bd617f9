// `lab`: the front door of Concurrency Lab. See LabCommand for the commands.
import Foundation
import LabConsole
import LabCore
import LessonKit
import Lessons

// Before anything opens a file: a closed stdout must not become one of the lab's files.
StandardStreams.holdOpen()

// Only when asked: awaiting anything here would suspend the main actor before
// `lab doctor` can observe it on the main thread.
if ProcessInfo.processInfo.environment[ChildDemo.environmentKey] != nil {
    await ChildDemo.runIfRequested(among: LessonCatalog.lessons.flatMap(\.childDemos))
}

let status = await LabCommand.run(Array(CommandLine.arguments.dropFirst()))
// A command that went on when its output could not be written (`StandardOutput.outlivesItsReader`)
// still says so in its status.
exit(StandardOutput.failed ? max(status, 1) : status)
