import LabKit

// Exercise 19 · inventory · The inventory store actor
//
// The Core Data inventory keeps products (a name and a quantity). Here its store is
// an actor. Two parts are unfinished:
//
// TODO 1: add(name:quantity:) — if a product with that name exists, in any letter
//         case, add to its quantity; otherwise add a new product.
// TODO 2: search(_:) — the products whose name contains the text, ignoring case
//         (like NSPredicate's CONTAINS[c]), sorted by name.

actor InventoryStore {
    private var products: [Product] = []

    func add(name: String, quantity: Int) {
        products.append(Product(name: name, quantity: quantity))
    }

    func search(_ text: String) -> [Product] {
        products.filter { $0.name.contains(text) }
    }

    func all() -> [Product] {
        products.sorted { $0.name < $1.name }
    }
}
