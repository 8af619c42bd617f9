import Foundation
import LabKit

/// Mistakes in what a user asked the inventory to do.
public enum InventoryError: Error, Equatable, CustomStringConvertible {
    case emptyName
    case negativeQuantity(Int)
    case invalidQuantity(String)
    case notFound(String)

    public var description: String {
        switch self {
        case .emptyName: "a product needs a name"
        case .negativeQuantity(let quantity): "quantity must be 0 or more, not \(quantity)"
        case .invalidQuantity(let text): "quantity must be a whole number, not '\(text)'"
        case .notFound(let name): "no product named '\(name)'"
        }
    }
}

/// The Core Data sample's persistent store, rebuilt as an actor: it owns the
/// products (like a background context), saves after every change, and answers
/// the fetches the sample makes: all products sorted by name, and a
/// case-insensitive "name CONTAINS[c] text" search.
public actor InventoryStore {
    private let storage: any InventoryStorage
    private var products: [Product]
    private let probe: Probe

    public init(storage: any InventoryStorage, probe: Probe = .disabled) throws {
        self.storage = storage
        self.products = try storage.load()
        self.probe = probe
    }

    /// Adds a product. Adding a name that is already there (in any letter case)
    /// adds to its quantity, so `add Milk 2` twice gives Milk 4.
    @discardableResult
    public func add(name: String, quantity: Int) throws -> Product {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw InventoryError.emptyName }
        guard quantity >= 0 else { throw InventoryError.negativeQuantity(quantity) }
        return try probe.syncSpan("store.add(\(name))") {
            var updated = products
            let product: Product
            if let index = updated.firstIndex(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) {
                updated[index].quantity += quantity
                product = updated[index]
            } else {
                product = Product(name: name, quantity: quantity)
                updated.append(product)
            }
            try save(updated)
            return product
        }
    }

    /// Deletes the product with this name (any letter case).
    public func delete(name: String) throws {
        try probe.syncSpan("store.delete(\(name))") {
            var updated = products
            guard let index = updated.firstIndex(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) else {
                throw InventoryError.notFound(name)
            }
            updated.remove(at: index)
            try save(updated)
        }
    }

    /// Every product, sorted by name as the sample's fetch request sorts them.
    public func all() -> [Product] {
        products.sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
    }

    /// Products whose name contains `text`, ignoring case: `name CONTAINS[c] text`.
    public func search(_ text: String) -> [Product] {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return all() }
        return all().filter { $0.name.range(of: text, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
    }

    /// Writes first, then updates memory: if the save fails, nothing changed.
    private func save(_ updated: [Product]) throws {
        try storage.save(updated)
        products = updated
    }
}
