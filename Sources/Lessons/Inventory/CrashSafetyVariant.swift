import Foundation
import LabKit

/// A process killed with SIGKILL in the middle of saving: the store reloads intact.
enum CrashSafetyVariant {
    static let storeKey = "CONCURRENCY_LAB_INVENTORY_STORE"
    static let kills = 5

    /// The child: saves ever-larger inventories, as fast as it can, until killed.
    static let demos = [
        ChildDemo("inventory-save-loop") {
            guard let path = ProcessInfo.processInfo.environment[storeKey] else { return }
            let storage = FileInventoryStorage(url: URL(fileURLWithPath: path))
            var products: [Product] = []
            for round in 0..<1_000_000 {
                products.append(Product(name: "Item \(round)", quantity: round))
                try? storage.save(products)
            }
        },
    ]

    static let variant = LessonVariant("crash-safety", title: "kill -9 at random moments while saving: the store reloads intact") { context in
        let console = context.console
        console.paragraph("""
            A child process saves a growing inventory as fast as it can. We kill it with SIGKILL \
            (no chance to clean up) at \(kills) random moments, and after each kill load the file \
            with a fresh store. Each save writes a temporary file, flushes it, and renames it over \
            the old one.
            """)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("inventory.json")
        var random = SeededRandom(seed: context.options.seed, event: "kill moments")
        var intact = 0
        var sizes: [Int] = []
        var midSave = 0
        var known: Set<String> = []
        for round in 1...kills {
            let child = try ChildDemo.start("inventory-save-loop", environment: [storeKey: url.path])
            try await Task.sleep(for: .milliseconds(40 + Int(random.next() % 120)))
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
            // A temporary file no earlier kill left: this kill stopped a save between its
            // create and its rename (the test suite relies on this, not on the timer).
            let left = AtomicFile.temporaries(of: url).subtracting(known)
            if !left.isEmpty { midSave += 1 }
            known.formUnion(left)
            do {
                let products = try FileInventoryStorage(url: url).load()
                intact += 1
                sizes.append(products.count)
                console.output("kill \(round): reloaded \(products.count) products")
            } catch {
                console.output("kill \(round): the store is damaged: \(error)")
            }
        }
        let leftovers = AtomicFile.temporaries(of: url).count
        context.record("kills", "processes killed", count: kills)
        context.record("mid_save_kills", "kills that landed inside a save", count: midSave)
        context.record("intact", "reloads that succeeded", count: intact)
        context.record("temporary_files_left", "temporary files left by the kills", count: leftovers)
        console.paragraph("""
            \(midSave == 0 ? "None of the \(kills) kills landed inside a save this time (between saves, the file is simply complete)" : "\(midSave) of the \(kills) kills landed inside a save (each left that save's temporary file)"). \(intact) of \(kills) reloads succeeded, each with a complete inventory from one of \
            the saves. The kills left \(leftovers) temporary files behind: harmless (they are never \
            read), and a save a minute later sweeps them away (a younger one might be another \
            process's save in progress).
            """)
    }
}
