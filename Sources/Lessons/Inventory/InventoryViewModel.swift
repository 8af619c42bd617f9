import Foundation
import LabKit
import Observation

/// The sample's view side on the main actor (like the view context): what the
/// list shows and the search field. It asks the store actor and shows the result.
@MainActor
@Observable
public final class InventoryViewModel {
    public private(set) var products: [Product] = []
    public private(set) var searchText = ""
    @ObservationIgnored private let store: InventoryStore
    @ObservationIgnored private let probe: Probe

    public init(store: InventoryStore, probe: Probe = .disabled) {
        self.store = store
        self.probe = probe
    }

    public func add(name: String, quantity: Int) async throws {
        try await store.add(name: name, quantity: quantity)
        await refresh()
    }

    public func delete(name: String) async throws {
        try await store.delete(name: name)
        await refresh()
    }

    public func search(_ text: String) async {
        searchText = text
        await refresh()
    }

    /// Fetches on the store's actor, then assigns on the main actor in one step.
    public func refresh() async {
        let fetched = await store.search(searchText)
        probe.syncSpan("show \(fetched.count) products") { products = fetched }
    }
}
