import Foundation
import LabCore
import LabFiles
import LabScenarios

/// The JSON file earlier versions of the lab kept the inventory in (`--store x.json`).
/// Read only, for `inventory import`: the database never reads it on its own.
enum EarlierJSONStore {
    static let format = "concurrency-lab.inventory"

    private struct Document: Decodable {
        let format: String
        let version: Int
        let products: [Product]
    }

    /// The file's products, and its bytes (the database remembers them, to import a file once).
    static func read(_ path: String) throws -> (products: [Product], data: Data) {
        // Read without waiting (a FIFO in its place would wait for a writer), and said why not:
        // "cannot read it" was all a folder and a missing file were told (an audit).
        let data: Data
        switch RegularFile.read(URL(fileURLWithPath: path), atMost: 64 << 20) {
        case .success(let read): data = read
        case .failure(.cannotOpen(let code)):
            throw InventoryStoreError.notAnEarlierStore(path: path, reason: FileErrorWords.errno(code))
        case .failure(.notRegular):
            throw InventoryStoreError.notAnEarlierStore(
                path: path, reason: "it is a folder, a FIFO or a device, not a file")
        case .failure(.tooLarge), .failure(.hasOtherNames):
            throw InventoryStoreError.notAnEarlierStore(path: path, reason: "it is larger than 64 MB")
        }
        guard let document = try? JSONDecoder().decode(Document.self, from: data), document.format == format else {
            throw InventoryStoreError.notAnEarlierStore(
                path: path, reason: "it is not a JSON inventory made by the lab")
        }
        guard document.version == 1 else {
            throw InventoryStoreError.notAnEarlierStore(
                path: path, reason: "its version \(document.version) is not one the lab wrote")
        }
        return (document.products, data)
    }

    /// A 64-bit FNV-1a digest of the file's bytes: the same file imported twice is refused.
    static func digest(_ data: Data) -> String {
        String(FNV1a.hash(data), radix: 16)
    }
}
