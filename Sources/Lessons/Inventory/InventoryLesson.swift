import Foundation
import LessonKit

/// Lesson 9: the book's Core Data inventory, on SQLite, owned by an actor.
public struct InventoryLesson: Lesson {
    public init() {}

    public let name = "inventory"
    public let title = "Inventory: SQLite owned by an actor, and a main-actor view model"
    public let summary =
        "the book's Core Data inventory (Product: name, quantity) on SQLite, owned by an actor with its own executor; also a tool: inventory add Milk 2"

    public let introduction = """
        The book's CoreDataDemo keeps products (a name and a quantity) in Core Data, whose store \
        is an SQLite database. Here the store is an actor that owns an SQLite connection and runs \
        on an executor of its own (one thread), and the view model is @MainActor. We follow the \
        book's chapter step by step, add from a hundred tasks and twenty processes at once, kill \
        a process in the middle of a transaction, and feed the store damaged and foreign files. \
        The same store is a tool: `swift run inventory add Milk 2`, `list`, `search Mil`, \
        `delete Milk`.
        """

    public var variants: [LessonVariant] {
        [
            InventoryFlowVariant.variant,
            ConcurrentAddsVariant.variant,
            CrashSafetyVariant.variant,
            CorruptStoreVariant.variant,
            SharedConnectionVariant.variant.extra,
            TransactionsVariant.variant.extra,
            StoreHopVariant.variant.extra,
        ]
    }

    public var childDemos: [ChildDemo] { InventoryChildDemos.all }

    /// The tool: `inventory add Milk 2`, in the same grammar as the lesson's flags.
    public var command: LessonCommand? {
        LessonCommand(
            options: InventoryTool.options, positionals: InventoryTool.positionals,
            isRequested: InventoryTool.isRequested, run: { try await InventoryTool.run($0) })
    }

    public var helpEpilogue: String? {
        """
        The tool (any number may run at once on one store):
          inventory add NAME QUANTITY   add QUANTITY to NAME's (any letter case), or add NAME with QUANTITY
          inventory list                every product, sorted by name
          inventory search TEXT         names containing TEXT; --ignore-case for CONTAINS[c]
          inventory delete NAME         delete the product
          inventory import FILE.json    copy in a JSON inventory from an earlier lab, once
        Options: --store PATH (default: ~/.concurrency-lab/inventory.sqlite, or in $CONCURRENCY_LAB_HOME), --no-color.
        Exit status: 0 done; 1 not found or the store refused; 2 bad input.
        """
    }

    public let takeaways = [
        "A database connection belongs to one thread at a time: an actor with its own serial executor owns it, and everything else awaits it.",
        "The view model stays on the main actor and only assigns what the store fetched on its own thread.",
        "Across processes no actor helps: a transaction that takes the write lock first (BEGIN IMMEDIATE) and a busy timeout keep every add.",
        "A commit is the unit of safety: kill -9 leaves the last commit, whole. It is also the unit of cost (`--variant transactions` measures it).",
        "Refuse a file you cannot vouch for, say why in one line, and leave it exactly as it was.",
    ]
}
