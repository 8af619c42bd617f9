import Foundation
import LabKit

/// Lesson 9: the Core Data inventory rebuilt on Swift concurrency.
public struct InventoryLesson: Lesson {
    public init() {}

    public let name = "inventory"
    public let title = "Inventory: a store actor and a main-actor view model"
    public let summary = "the Core Data inventory (Product: name, quantity) as a persistent store actor and a main-actor view model; also a tool: inventory add Milk 2"

    public let introduction = """
        The book's CoreDataDemo keeps products (a name and a quantity) in Core Data: a view \
        context on the main thread for the UI, background contexts for work. Here the persistent \
        store is an actor that owns the products and saves them to a JSON file atomically, and the \
        view model is @MainActor. We run the sample's flow, add from a hundred tasks at once, kill \
        a process in the middle of saving, and feed the store a damaged file. The same store is a \
        tool: `swift run inventory add Milk 2`, `list`, `search milk`, `delete Milk`.
        """

    public var variants: [LessonVariant] {
        [
            InventoryFlowVariant.variant,
            ConcurrentAddsVariant.variant,
            CrashSafetyVariant.variant,
            CorruptStoreVariant.variant,
        ]
    }

    public var childDemos: [ChildDemo] { CrashSafetyVariant.demos }

    public let takeaways = [
        "An actor is a natural persistent store: every change runs one at a time, so concurrent adds never lose each other.",
        "The view model stays on the main actor and only assigns results the store computed on its own actor.",
        "Save by writing a temporary file and renaming it over the old one: a crash leaves the old file or the new one, never half of either.",
        "Refuse a file you cannot read, say why, and leave it exactly as it was.",
    ]
}
