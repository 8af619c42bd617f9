// The inventory lesson, and the inventory tool: `inventory add Milk 2`, `list`,
// `search milk`, `delete Milk`, `import old.json`. Everything it runs lives in the Lessons library.
import Foundation
import LabKit
import Lessons

let arguments = Array(CommandLine.arguments.dropFirst())
if InventoryTool.handles(arguments) {
    // Checked on the raw bytes: by now `arguments` holds U+FFFD where the bytes were not UTF-8.
    if let argument = ProductInput.firstNonUTF8Argument() {
        StandardError.write("inventory: error: \(InventoryError.notUTF8(argument: argument))")
        exit(2)
    }
    exit(await InventoryTool.run(arguments))
}
await LessonRunner.main(InventoryLesson())
