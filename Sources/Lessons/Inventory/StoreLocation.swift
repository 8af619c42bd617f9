import Foundation
import LabCore
import LabFiles

/// Where a store is, checked before SQLite opens it: SQLite says "unable to open database
/// file" alike for a folder, a missing folder and a place nothing can be made. Each is said
/// here in one line naming the path, and a command that only reads never creates a store.
enum StoreLocation {
    /// `named`: the user gave this path with --store (a missing default store is an empty inventory).
    static func check(_ path: String, writing: Bool, named: Bool) throws(InventoryError) {
        var isFolder: ObjCBool = false
        // What is there, through any symlink: SQLite would open a FIFO and wait on it for ever, and
        // beside a device it makes its journal (`/dev/null-journal`) before it fails.
        var status = stat()
        if stat(path, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFREG: return
            case S_IFDIR: throw .unusableStore(path: path, reason: "is a folder, not an inventory database")
            default: throw .unusableStore(path: path, reason: "is a device, FIFO or socket, not an inventory database")
            }
        }
        // The default store not made yet (nor perhaps the lab folder): an empty inventory.
        if !writing, !named { return }
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder), isFolder.boolValue else {
            throw .unusableStore(path: path, reason: "cannot be used: the folder \(parent) does not exist")
        }
        if !writing {
            throw .unusableStore(
                path: path, reason: "does not exist: no inventory there yet (inventory add creates one)")
        }
        if writing, access(parent, W_OK | X_OK) != 0 {
            throw .unusableStore(
                path: path, reason: "cannot be created: \(FileErrorWords.errno(errno)) in \(parent)")
        }
    }
}
