// The inventory lesson, and the inventory tool: `inventory add Milk 2`, `list`,
// `search milk`, `delete Milk`. Everything it runs lives in the Lessons library.
import Foundation
import LabKit
import Lessons

let arguments = Array(CommandLine.arguments.dropFirst())
if InventoryTool.handles(arguments) {
    exit(await InventoryTool.run(arguments))
}
await LessonRunner.main(InventoryLesson())
