import Foundation
import Synchronization

/// A product in the Core Data inventory sample: a name and a quantity.
public struct Product: Sendable, Codable, Equatable, Hashable {
    public var name: String
    public var quantity: Int

    public init(name: String, quantity: Int) {
        self.name = name
        self.quantity = quantity
    }
}

public enum InventoryStorageError: Error, Equatable, CustomStringConvertible {
    case corrupt(path: String, reason: String)
    case foreign(path: String)
    case newerVersion(path: String, version: Int)
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .corrupt(let path, let reason): "\(path) is not a readable inventory store (\(reason)); it was left untouched"
        case .foreign(let path): "\(path) is not an inventory store made by the lab; it was left untouched"
        case .newerVersion(let path, let version): "\(path) has store version \(version), newer than this lab understands"
        case .unwritable(let path, let reason): "cannot save \(path): \(reason)"
        }
    }
}

/// Where the inventory's products persist (the sample's persistent store).
public protocol InventoryStorage: Sendable {
    func load() throws -> [Product]
    func save(_ products: [Product]) throws
}

/// Products in memory: for tests and lessons that should leave nothing behind.
public final class InMemoryInventoryStorage: InventoryStorage {
    private let products: Locked<[Product]>
    public init(_ products: [Product] = []) { self.products = Locked(products) }
    public func load() throws -> [Product] { products.withLock { $0 } }
    /// "No such file or directory" rather than an NSError's description.
    static func plainReason(_ error: any Error) -> String {
        var current = error as NSError
        while let underlying = current.userInfo[NSUnderlyingErrorKey] as? NSError { current = underlying }
        if current.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(current.code))) }
        return current.localizedDescription
    }

    public func save(_ products: [Product]) throws { self.products.withLock { $0 = products } }
}

/// A JSON file with a format marker and a version, saved atomically.
public struct FileInventoryStorage: InventoryStorage {
    public static let format = "concurrency-lab.inventory"
    public static let version = 1
    public let url: URL

    public init(url: URL) { self.url = url }

    private struct Document: Codable {
        let format: String
        let version: Int
        let products: [Product]
    }

    /// A missing file is an empty store; anything unreadable is an error and stays as it is.
    public func load() throws -> [Product] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw InventoryStorageError.corrupt(path: url.path, reason: "cannot read it")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw InventoryStorageError.corrupt(path: url.path, reason: "not JSON")
        }
        guard object["format"] as? String == Self.format else { throw InventoryStorageError.foreign(path: url.path) }
        if let version = object["version"] as? Int, version > Self.version {
            throw InventoryStorageError.newerVersion(path: url.path, version: version)
        }
        do {
            return try JSONDecoder().decode(Document.self, from: data).products
        } catch {
            throw InventoryStorageError.corrupt(path: url.path, reason: "damaged product list")
        }
    }

    /// "No such file or directory" rather than an NSError's description.
    static func plainReason(_ error: any Error) -> String {
        var current = error as NSError
        while let underlying = current.userInfo[NSUnderlyingErrorKey] as? NSError { current = underlying }
        if current.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(current.code))) }
        return current.localizedDescription
    }

    public func save(_ products: [Product]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(Document(format: Self.format, version: Self.version, products: products))
        do {
            try AtomicFile.write(data, to: url)
        } catch {
            throw InventoryStorageError.unwritable(path: url.path, reason: Self.plainReason(error))
        }
    }
}
