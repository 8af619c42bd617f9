import Foundation
import LabConsole
import LessonKit

/// A damaged or foreign file: a clear error, and the file left as it was.
enum CorruptStoreVariant {
    static let variant = LessonVariant(
        "corrupt-store", title: "A damaged or foreign file is refused and left untouched"
    ) { context in
        let console = context.console
        console.paragraph(
            """
            The store refuses to use a file it cannot vouch for, rather than writing into it. \
            Before writing anything it reads the file's first bytes (every SQLite database begins \
            "SQLite format 3"), the application id the lab writes into its databases' header, the \
            schema version, and SQLite's quick check of every page. We try \
            \(StoreFixtures.refused.count) files; each is refused with one line, and compared \
            byte for byte afterwards.
            """)
        let scratch = try InventoryScratch("inventory-corrupt")
        defer { scratch.remove() }
        var refused = 0
        var untouched = 0
        for (index, fixture) in StoreFixtures.refused.enumerated() {
            let path = scratch.path("store-\(index)")
            try fixture.make(path)
            let before = FileManager.default.contents(atPath: path)
            do {
                let store = try await InventoryStore(path: path, create: false)
                _ = try await store.all()
                console.output("\(fixture.name): opened (unexpected)")
            } catch {
                refused += 1
                // The scratch folder's long temporary path is noise here: the file's own name says enough.
                console.output(
                    "\(fixture.name): " + "\(error)".replacingOccurrences(of: scratch.folder.path + "/", with: ""))
            }
            if FileManager.default.contents(atPath: path) == before { untouched += 1 }
        }
        context.record("refused", "files refused", count: refused)
        context.record("untouched", "files left byte-for-byte as they were", count: untouched)
        console.paragraph(
            InventoryNarration.corruptStores(files: StoreFixtures.refused.count, refused: refused, untouched: untouched)
        )
    }
}
