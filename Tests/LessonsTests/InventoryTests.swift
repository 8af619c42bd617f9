import Foundation
import Testing
@testable import LabKit
@testable import Lessons

@Suite("Inventory store")
struct InventoryStoreTests {
    func temporaryStore() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-inv-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("inventory.json")
    }

    @Test func addsMergeByNameListsSortedAndSearchesIgnoringCase() async throws {
        let store = try InventoryStore(storage: InMemoryInventoryStorage())
        try await store.add(name: "Milk", quantity: 2)
        try await store.add(name: "bread", quantity: 1)
        try await store.add(name: "MILK", quantity: 3)
        try await store.add(name: "Almond milk", quantity: 1)
        #expect(await store.all().map(\.name) == ["Almond milk", "bread", "Milk"])
        #expect(await store.all().first { $0.name == "Milk" }?.quantity == 5)
        #expect(await store.search("mIL").map(\.name) == ["Almond milk", "Milk"])
        try await store.delete(name: "BREAD")
        #expect(await store.all().count == 2)
    }

    @Test func badInputIsRefusedAndChangesNothing() async throws {
        let store = try InventoryStore(storage: InMemoryInventoryStorage())
        await #expect(throws: InventoryError.emptyName) { try await store.add(name: "   ", quantity: 1) }
        await #expect(throws: InventoryError.negativeQuantity(-1)) { try await store.add(name: "Milk", quantity: -1) }
        await #expect(throws: InventoryError.notFound("Cheese")) { try await store.delete(name: "Cheese") }
        #expect(await store.all().isEmpty)
    }

    @Test func concurrentAddsFromManyTasksLoseNothing() async throws {
        let url = try temporaryStore()
        let store = try InventoryStore(storage: FileInventoryStorage(url: url))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask { try await store.add(name: index.isMultiple(of: 4) ? "Milk" : "Item \(index)", quantity: 1) }
            }
            try await group.waitForAll()
        }
        let reloaded = try FileInventoryStorage(url: url).load()
        #expect(reloaded.map(\.quantity).reduce(0, +) == 200)
        #expect(reloaded.first { $0.name == "Milk" }?.quantity == 50)
    }

    /// A process saving in a loop is killed with SIGKILL; every reload must succeed. A kill
    /// counts as mid-write only when it left the save's temporary file behind (created before
    /// the data is written, renamed over the store after): the test proves at least one kill
    /// landed inside a write, instead of hoping a timer did.
    @Test func aStoreKilledMidSaveReloadsIntact() async throws {
        let url = try temporaryStore()
        var midWrite = 0
        var rounds = 0
        var known: Set<String> = []
        while midWrite < 3 && rounds < 40 {
            rounds += 1
            let child = try ChildDemo.start("inventory-save-loop", environment: [CrashSafetyVariant.storeKey: url.path])
            // Kill only once the child has saved at least once since it started.
            let before = try? FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
            while (try? FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date) == before {
                try await Task.sleep(for: .milliseconds(1))
            }
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
            #expect(child.terminationReason == .uncaughtSignal, "the child was killed, not finished")
            // A temporary no earlier round left: this kill stopped a save between create and rename.
            let left = AtomicFile.temporaries(of: url).subtracting(known)
            if !left.isEmpty { midWrite += 1 }
            known.formUnion(left)
            #expect(throws: Never.self, "round \(rounds): the store must reload") { try FileInventoryStorage(url: url).load() }
        }
        #expect(midWrite >= 3, "at least three kills landed inside a write (\(midWrite) of \(rounds))")
    }

    @Test func aFailedSaveChangesNothingInMemory() async throws {
        let storage = FailingStorage()
        let store = try InventoryStore(storage: storage)
        await #expect(throws: InventoryStorageError.self) { try await store.add(name: "Milk", quantity: 1) }
        #expect(await store.all().isEmpty)
    }
}

/// Storage whose saves always fail, like a full disk.
final class FailingStorage: InventoryStorage {
    func load() throws -> [Product] { [] }
    func save(_ products: [Product]) throws { throw InventoryStorageError.unwritable(path: "/full", reason: "no space left") }
}

@Suite("inventory lesson", .serialized)
@MainActor
struct InventoryLessonTests {
    @Test func theFlowRunsStoreWorkOnTheActorAndUpdatesOnTheMainActor() async throws {
        let report = try await LessonHarness.run(InventoryLesson(), ["flow"])
        #expect(try report.figure("flow", "sorted").text == "Almond milk, Bread, eggs, Milk, Millet")
        #expect(try report.figure("flow", "search_results").text == "Almond milk, Milk, Millet")
        #expect(try report.figure("flow", "store_isolation").text == "actor InventoryStore")
        #expect(try report.figure("flow", "view_isolation").text == "main actor")
    }

    @Test func aCorruptStoreIsRefusedAndUntouched() async throws {
        let report = try await LessonHarness.run(InventoryLesson(), ["corrupt-store"])
        #expect(try report.value("corrupt-store", "refused") == 3)
        #expect(try report.value("corrupt-store", "untouched") == 3)
    }
}
