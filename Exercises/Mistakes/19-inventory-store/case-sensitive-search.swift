// mistake: search that respects case
// expect: found
import LabKit

actor InventoryStore {
    private var products: [Product] = []
    func add(name: String, quantity: Int) {
        if let index = products.firstIndex(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) {
            products[index].quantity += quantity
        } else {
            products.append(Product(name: name, quantity: quantity))
        }
    }
    func search(_ text: String) -> [Product] {
        products.filter { $0.name.contains(text) }.sorted { $0.name < $1.name }
    }
    func all() -> [Product] { products.sorted { $0.name < $1.name } }
}
