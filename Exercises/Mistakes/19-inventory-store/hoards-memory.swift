// mistake: keeps a 3 GB buffer "for speed" (the sandbox stops it with a clear message)
// expect: memory
import LabKit

actor InventoryStore {
    private var products: [Product] = []
    private var cache = [UInt8](repeating: 1, count: 3 << 30)
    func add(name: String, quantity: Int) {
        cache[0] = 2
        if let index = products.firstIndex(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) {
            products[index].quantity += quantity
        } else {
            products.append(Product(name: name, quantity: quantity))
        }
    }
    func search(_ text: String) -> [Product] {
        products.filter { $0.name.range(of: text, options: .caseInsensitive) != nil }.sorted { $0.name < $1.name }
    }
    func all() -> [Product] { products.sorted { $0.name < $1.name } }
}
