// The inventory lesson, and the inventory tool: `inventory add Milk 2`, `list`,
// `search milk`, `delete Milk`, `import old.json` — one grammar for both (InventoryLesson.command).
// Everything it runs lives in the Lessons library.
import LessonKit
import Lessons

await LessonRunner.main(InventoryLesson())
