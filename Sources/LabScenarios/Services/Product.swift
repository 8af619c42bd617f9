/// A product in the book's Core Data inventory: a name and a quantity.
public struct Product: Sendable, Codable, Equatable, Hashable {
    public var name: String
    public var quantity: Int

    public init(name: String, quantity: Int) {
        self.name = name
        self.quantity = quantity
    }
}
