// `lab`: the front door of Concurrency Lab. See LabCommand for the commands.
import Foundation
import LabKit
import Lessons

await ChildDemo.runIfRequested(among: LessonCatalog.lessons.flatMap(\.childDemos))

let status = await LabCommand.run(Array(CommandLine.arguments.dropFirst()))
exit(status)
