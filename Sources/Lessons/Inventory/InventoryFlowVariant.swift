import Foundation
import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// The book's CoreDataDemo chapter, step by step, on the store actor and the view model.
enum InventoryFlowVariant {
    static let delivery = [("Milk", 2), ("Bread", 1), ("eggs", 12), ("Millet", 3), ("Almond milk", 1), ("milk", 2)]

    static let variant = LessonVariant(
        "flow", title: "The book's app, step by step: container, add, sorted list, Find, delete, save"
    ) { context in
        let console = context.console
        console.paragraph(
            """
            The chapter builds its app in steps; each has a counterpart here. Its persistent \
            container (`NSPersistentContainer(name: "Products")`) is the store actor, opening an \
            SQLite database — Core Data's own store is SQLite too. Its `viewContext`, a \
            main-queue context the views use, is the @MainActor view model, which awaits the \
            store. The Product entity is a table; the fetch, the Find predicate, add, delete and \
            save are SQL, run on the store's own thread.
            """)
        let scratch = try InventoryScratch("inventory-flow")
        defer { scratch.remove() }
        let probe = context.probe
        let path = scratch.path("Products.sqlite")
        let store = try await InventoryStore(path: path, probe: probe)
        let model = InventoryViewModel(store: store, probe: probe)
        let journal = try await store.journalMode()
        let ownThread = await store.isOnItsOwnThread()
        console.output(
            "1 container: a store actor on \(URL(fileURLWithPath: path).lastPathComponent), journal mode \(journal), work on its own thread: \(ownThread ? "yes" : "no")"
        )

        for (name, quantity) in delivery { try await model.add(name: name, quantity: quantity) }
        let listed = model.products
        console.output("2 Add, six times: " + delivery.map { "\($0.0) \($0.1)" }.joined(separator: ", "))
        console.output(
            "3 the list, ORDER BY name: " + listed.map { "\($0.name) \($0.quantity)" }.joined(separator: ", "))

        try await model.find("Mil")
        let found = model.matches?.map(\.name) ?? []
        try await model.find("mil", ignoringCase: true)
        let foundIgnoringCase = model.matches?.map(\.name) ?? []
        console.output("4 Find \"Mil\", name CONTAINS %@: \(found.joined(separator: ", "))")
        console.output("  extra, \"mil\" with CONTAINS[c]: \(foundIgnoringCase.joined(separator: ", "))")

        let swiped = listed.firstIndex { $0.name == "Bread" } ?? 0
        try await model.delete(offsets: [swiped])
        console.output(
            "5 swipe row \(swiped + 1) (\(listed[swiped].name)) and delete: "
                + model.products.map(\.name).joined(separator: ", "))

        let reopened = try await InventoryStore(path: path, create: false)
        let saved = try await reopened.all()
        console.output("6 saved: a fresh store on the same file reads \(saved.count) products")

        let spans = probe.spans
        let milk = listed.first { $0.name == "Milk" }?.quantity ?? 0
        context.record("journal_mode", "journal mode", text: journal)
        context.record("store_thread", "store work ran on its own thread", flag: ownThread)
        context.record("sorted", "listed in name order", text: listed.map(\.name).joined(separator: ", "))
        context.record("milk", "Milk after adding Milk 2 and milk 2", count: milk)
        context.record("search_results", "Find \"Mil\" (CONTAINS)", text: found.joined(separator: ", "))
        context.record(
            "search_ignoring_case", "Find \"mil\" (CONTAINS[c])", text: foundIgnoringCase.joined(separator: ", "))
        context.record("after_delete", "products after the delete", count: model.products.count)
        context.record("after_reopen", "products a fresh store reads", count: saved.count)
        context.record(
            "store_isolation", "store work ran on",
            text: spans.first { $0.name.hasPrefix("store.") }?.isolation.description ?? "-")
        context.record(
            "view_isolation", "the list was updated on",
            text: spans.first { $0.name.hasPrefix("show") }?.isolation.description ?? "-")
        console.paragraph(
            InventoryNarration.flow(
                listed: listed.map(\.name), milk: milk, found: found, foundIgnoringCase: foundIgnoringCase,
                saved: saved.count, shown: model.products.count,
                storeIsolation: context.figure("store_isolation")?.text ?? "-",
                viewIsolation: context.figure("view_isolation")?.text ?? "-"))
        console.paragraph(InventoryNarration.differences)
    }
}
