import Foundation
import LabScenarios

/// The ways to make `count` adds, shared by the lesson and `lab bench`'s inventory suites.
public enum InventoryWorkload: String, CaseIterable, Sendable {
    case oneTransactionEach = "one transaction per add"
    case oneTransaction = "one transaction for all"
    case batches = "a transaction per 50 adds"

    public static let batchSize = 50

    /// Makes `count` adds of distinct products (numbered from `first`) through the store.
    public func run(_ store: InventoryStore, count: Int, first: Int = 0) async throws {
        let products = (first..<first + count).map { Product(name: "Item \($0)", quantity: 1) }
        switch self {
        case .oneTransactionEach:
            for product in products { try await store.add(name: product.name, quantity: product.quantity) }
        case .oneTransaction:
            try await store.add(products)
        case .batches:
            for start in stride(from: 0, to: products.count, by: Self.batchSize) {
                try await store.add(Array(products[start..<min(start + Self.batchSize, products.count)]))
            }
        }
    }
}
