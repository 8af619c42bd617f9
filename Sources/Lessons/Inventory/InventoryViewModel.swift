import Foundation
import LabScenarios
import LabTrace
import Observation

/// The book's ContentView and ResultsView, minus the SwiftUI: what they show lives on the
/// main actor (the book's `viewContext` is a main-queue context), and every fetch and save
/// is an `await` on the store actor, so the database never runs on the main thread.
@MainActor
@Observable
public final class InventoryViewModel {
    /// The list: `@FetchRequest(sortDescriptors: [NSSortDescriptor(key: "name", ascending: true)])`.
    public private(set) var products: [Product] = []
    /// ResultsView's `matches`, after Find.
    public private(set) var matches: [Product]?
    @ObservationIgnored private let store: InventoryStore
    @ObservationIgnored private let probe: Probe

    public init(store: InventoryStore, probe: Probe = .disabled) {
        self.store = store
        self.probe = probe
    }

    /// Fetches on the store's actor, then assigns on the main actor in one step.
    public func load() async throws {
        let fetched = try await store.all()
        probe.syncSpan("show \(fetched.count) products") { products = fetched }
    }

    /// The Add button's `addProduct()`: insert (here: add to the product of that name), save, refetch.
    public func add(name: String, quantity: Int) async throws {
        try await store.add(name: name, quantity: quantity)
        try await load()
    }

    /// The list's `.onDelete(perform: deleteProducts)`: the rows swiped away, by position.
    public func delete(offsets: IndexSet) async throws {
        for name in offsets.map({ products[$0].name }) { try await store.delete(name: name) }
        try await load()
    }

    /// The Find link: `NSPredicate(format: "name CONTAINS %@", name)`; `ignoringCase` is `CONTAINS[c]`.
    public func find(_ name: String, ignoringCase: Bool = false) async throws {
        let found = try await store.search(name, ignoringCase: ignoringCase)
        probe.syncSpan("show \(found.count) matches") { matches = found }
    }
}
