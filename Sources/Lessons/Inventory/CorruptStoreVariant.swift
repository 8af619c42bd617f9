import Foundation
import LabKit

/// A damaged or foreign file: a clear error, and the file left as it was.
enum CorruptStoreVariant {
    static let variant = LessonVariant("corrupt-store", title: "A damaged or foreign file is refused and left untouched") { context in
        let console = context.console
        console.paragraph("""
            The store refuses to start from a file it cannot read, rather than starting empty and \
            overwriting it at the next save. We try three files: half-written JSON, another \
            program's JSON, and a store from a newer version of the lab.
            """)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-corrupt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [(String, String)] = [
            ("half-written", #"{"format": "concurrency-lab.inventory", "version": 1, "products": [{"name": "Mi"#),
            ("foreign", #"{"name": "my-app", "dependencies": {}}"#),
            ("newer", #"{"format": "concurrency-lab.inventory", "version": 9, "products": []}"#),
        ]
        var refused = 0, untouched = 0
        for (name, text) in cases {
            let url = folder.appendingPathComponent("\(name).json")
            try Data(text.utf8).write(to: url)
            do {
                _ = try InventoryStore(storage: FileInventoryStorage(url: url))
                console.output("\(name): loaded (unexpected)")
            } catch {
                refused += 1
                console.output("\(name): \(error)")
            }
            if (try? Data(contentsOf: url)) == Data(text.utf8) { untouched += 1 }
        }
        context.record("refused", "files refused", count: refused)
        context.record("untouched", "files left byte-for-byte as they were", count: untouched)
        console.paragraph("All \(refused) refused with a reason; \(untouched) of \(cases.count) files are byte-for-byte unchanged.")
    }
}
