import Foundation
import LabKit
@testable import StudentCode

let plannedExpectations = 6

func runCheck(_ report: CheckReport) async {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("check-inventory-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("inventory.sqlite").path
    // Two stores on one file: two connections, as two programs would have.
    let stores: [InventoryStore]
    do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        stores = [try InventoryStore(path: path), try InventoryStore(path: path)]
    } catch {
        report.fail("InventoryStore(path:) threw: \(error)")
        return
    }

    // 1. Many tasks, both stores, every spelling of one name.
    let adds = CheckServices.random(in: 60...140)
    let spellings = ["Milk", "milk", "MILK", "mIlK"]
    let errors = Locked<[String]>([])
    report.waiting("\(adds) adds from \(adds) tasks through two stores on one file")
    await withTaskGroup(of: Void.self) { group in
        for index in 0..<adds {
            group.addTask {
                do { try await stores[index % 2].add(name: spellings[index % spellings.count], quantity: 1) } catch {
                    errors.withLock { $0.append("\(error)") }
                }
            }
        }
    }

    // 2. Another program holds the write lock (a transaction in progress, itself adding 10
    // Milk) while each store adds 1 Milk; then it commits. An add that read the quantity
    // before taking the lock writes a stale sum over the other program's, or fails as busy.
    report.waiting("two adds while another connection holds the write lock")
    var milkBeforeRace = 0
    do {
        let other = try SQLiteConnection(path: path)
        try other.execute("BEGIN IMMEDIATE")
        if case .integer(let quantity) = try other.query("SELECT quantity FROM product WHERE name_key = 'milk'").first?.first {
            milkBeforeRace = Int(quantity)
        }
        try other.query("UPDATE product SET quantity = quantity + 10 WHERE name_key = 'milk'")
        let racing = (0..<2).map { index in
            Task {
                do { try await stores[index].add(name: "Milk", quantity: 1) } catch { errors.withLock { $0.append("\(error)") } }
            }
        }
        try await Task.sleep(for: .milliseconds(300))
        try other.execute("COMMIT")
        for task in racing { await task.value }
    } catch {
        errors.withLock { $0.append("the check's own connection: \(error)") }
    }

    let almond = CheckServices.random(in: 2...9)
    for (name, quantity) in [("Oat Milkshake", 3), ("Almond milk", almond), ("Bread", 1)] {
        do { try await stores[0].add(name: name, quantity: quantity) } catch { errors.withLock { $0.append("\(error)") } }
    }

    // 3. What a fresh store on the same file reads: the adds were saved, not kept in memory.
    let fresh: [Product]
    do { fresh = try await InventoryStore(path: path).all() } catch {
        report.fail("a fresh store on the same file could not read it: \(error)")
        return
    }
    let thrown = errors.withLock { $0 }
    report.expect(thrown.isEmpty, "no add threw", otherwise: "adds should not throw: \(thrown.count) threw, e.g. \(thrown.first ?? "")")
    let milk = fresh.filter { $0.name.lowercased() == "milk" }
    report.expect(milk.count == 1 && (milk.first?.quantity ?? 0) >= adds && milkBeforeRace == adds,
                  "every spelling of \"milk\" is one product: \(adds) adds from tasks, none lost",
                  otherwise: "every spelling of \"milk\" should be one product: after \(adds) adds of Milk in four spellings from two stores, expected one Milk with \(adds); got \(milk.map { "\($0.name) \($0.quantity)" }) (a fresh store on the same file reads \(fresh.map { "\($0.name) \($0.quantity)" }))")
    report.expect(milk.first?.quantity == adds + 12, "no add is lost between connections: Milk \(adds + 12) after another connection's 10 and two more",
                  otherwise: "no add may be lost between connections: expected Milk \(adds + 12) (\(adds), another connection's 10, and 1 from each store), got \(milk.first?.quantity ?? 0) — an add read the quantity before it held the write lock")
    report.expect(fresh.first { $0.name == "Almond milk" }?.quantity == almond && fresh.count == 4,
                  "a fresh store on the same file reads every product with its own quantity",
                  otherwise: "a fresh store on the same file should read every product: it reads \(fresh.map { "\($0.name) \($0.quantity)" }); expected Almond milk \(almond), Bread 1, Milk, Oat Milkshake 3")

    // 4. Search: a term from the middle of the names, in another case.
    let term = ["ILK", "iLk", "lK"].randomElement()!
    let found: [String]
    do { found = try await stores[1].search(term).map(\.name) } catch {
        report.fail("search threw: \(error)")
        return
    }
    let expected = ["Almond milk", milk.first?.name ?? "Milk", "Oat Milkshake"]
    report.expect(Set(found) == Set(expected) && found.count == 3, "search \"\(term)\" finds the 3 products containing it, ignoring case",
                  otherwise: "search \"\(term)\" should find the 3 products containing it, ignoring case: it found \(found), not \(expected.sorted())")
    report.expect(found == found.sorted(), "search results are sorted by name", otherwise: "search results should be sorted by name: expected \(found.sorted()), got \(found)")
}
