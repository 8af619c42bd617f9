import Foundation
import LabKit

/// The sample's flow: add, list sorted by name, search, delete.
enum InventoryFlowVariant {
    static let variant = LessonVariant("flow", title: "Add, list, search and delete, across two actors") { context in
        let console = context.console
        console.paragraph("""
            The sample's screen: type a name and a quantity and tap Add; the list shows all \
            products sorted by name; typing in the search field filters by name, ignoring case; a \
            swipe deletes. Each action is a call to the store actor, then a refresh on the main actor.
            """)
        let probe = context.probe
        let store = try InventoryStore(storage: InMemoryInventoryStorage(), probe: probe)
        let model = InventoryViewModel(store: store, probe: probe)
        for (name, quantity) in [("Milk", 2), ("Bread", 1), ("eggs", 12), ("Millet", 3), ("Almond milk", 1)] {
            try await model.add(name: name, quantity: quantity)
        }
        let listed = model.products.map(\.name)
        console.output("list: " + model.products.map { "\($0.name) \($0.quantity)" }.joined(separator: ", "))
        await model.search("MIL")
        let found = model.products.map(\.name)
        console.output("search \"MIL\": " + found.joined(separator: ", "))
        await model.search("")
        try await model.delete(name: "bread")
        console.output("after delete bread: " + model.products.map(\.name).joined(separator: ", "))

        let spans = probe.spans
        context.record("listed", "products listed", count: listed.count)
        context.record("sorted", "listed in name order", text: listed.joined(separator: ", "))
        context.record("search_results", "search \"MIL\" found", text: found.joined(separator: ", "))
        context.record("after_delete", "after deleting bread", count: model.products.count)
        context.record("store_isolation", "store work ran on", text: spans.first { $0.name.hasPrefix("store.") }?.isolation.description ?? "-")
        context.record("view_isolation", "the list was updated on", text: spans.first { $0.name.hasPrefix("show") }?.isolation.description ?? "-")
        console.paragraph("""
            The search matched "Milk", "Millet" and "Almond milk" whatever their case, like \
            `NSPredicate(format: "name CONTAINS[c] %@", text)`. Store work ran on the \
            \(context.figure("store_isolation")?.text ?? "-"); the list changed only on the \
            \(context.figure("view_isolation")?.text ?? "-").
            """)
    }
}
