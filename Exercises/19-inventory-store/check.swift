import Foundation
import LabCore
import LabScenarios
import LabStorage
@testable import StudentCode

let plannedExpectations = 7

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

    if let looked = await addThatLooksThenWrites(folder: folder) {
        return report.fail("an add of \(looked.product) looked in one transaction and wrote in another (\(looked.transactions) transactions: each statement outside BEGIN…COMMIT is one of its own): another store can add the same product between the look and the write, and one add then fails or is lost. Make each add one transaction (`connection.transaction { … }`)")
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

    // Other products, each with its own quantity, added in reverse order of name: rows come
    // back in the order they were added unless the search sorts them.
    let others = otherProducts()
    for product in others.sorted(by: { $0.name > $1.name }) {
        do { try await stores[0].add(name: product.name, quantity: product.quantity) } catch { errors.withLock { $0.append("\(error)") } }
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
    let expectedOthers = others.sorted { $0.name < $1.name }.map { "\($0.name) \($0.quantity)" }
    let freshOthers = fresh.filter { $0.name.lowercased() != "milk" }.map { "\($0.name) \($0.quantity)" }
    report.expect(freshOthers == expectedOthers && fresh.count == others.count + 1,
                  "a fresh store on the same file reads every product with its own quantity",
                  otherwise: "a fresh store on the same file should read every product: it reads \(fresh.map { "\($0.name) \($0.quantity)" }); expected Milk and \(expectedOthers.joined(separator: ", "))")

    // 4. Search: a random piece from inside a random name, in random case.
    let milkName = milk.first?.name ?? "Milk"
    let term = searchTerm(names: [milkName] + others.map(\.name), addedInOrder: [milkName] + others.map(\.name).sorted(by: >))
    let found: [String]
    do { found = try await stores[1].search(term).map(\.name) } catch {
        report.fail("search threw: \(error)")
        return
    }
    let expected = fresh.map(\.name).filter { $0.lowercased().contains(term.lowercased()) }.sorted()
    report.expect(Set(found) == Set(expected) && found.count == expected.count, "search \"\(term)\" finds the \(expected.count) products containing it, ignoring case",
                  otherwise: "search \"\(term)\" should find the \(expected.count) products containing it, ignoring case: it found \(found), not \(expected)")
    await newProductsFromTwoStores(report, folder: folder)

    // By name: in byte order (`ORDER BY name`) or ignoring case (`COLLATE NOCASE`), as a product
    // list often is; the latter was refused in runs where Milk's spelling or the term put a
    // lower-case name among capitalized ones.
    report.expect(isSortedByName(found), "search results are sorted by name",
                  otherwise: "search results should be sorted by name: expected \(found.sorted()) (or, ignoring case, \(found.sorted(by: ignoringCase))), got \(found)")
}

/// 0. Each add watched alone, one at a time, on a file of its own (nothing else in this process
/// uses SQLite meanwhile), counted by the connection: each statement outside BEGIN…COMMIT is a
/// transaction of its own. An add may not look in one and write in another: another store can
/// add the same product between the look and the write. Two writes, each atomic, are fair
/// (`INSERT OR IGNORE` then `UPDATE … + ?`, an audit's); an update that changed nothing then a
/// plain insert is not, and only the race itself shows it (section 5: some runs, not all).
/// The first add that looked, by its product and transactions, or nil.
func addThatLooksThenWrites(folder: URL) async -> (product: String, transactions: Int)? {
    guard let stores = try? [0, 1].map({ _ in try InventoryStore(path: folder.appendingPathComponent("alone.sqlite").path) })
    else { return nil }  // said by the sections after, which open stores too
    for (index, name) in ["Probe \(CheckServices.random(in: 1...9))", "Kefir"].enumerated() {
        for _ in 0..<2 {
            let before = (SQLiteConnection.transactionsBegunInProcess, SQLiteConnection.readingTransactionsBegunInProcess)
            guard (try? await stores[index].add(name: name, quantity: 1)) != nil else { return nil }
            let begun = SQLiteConnection.transactionsBegunInProcess - before.0
            let reading = SQLiteConnection.readingTransactionsBegunInProcess - before.1
            if begun >= 2, reading >= 1 { return (name, begun) }
        }
    }
    return nil
}

/// 5. New products, each added through both stores at once, on a file of their own. An add
/// that looks for the row in one transaction and inserts it in another lets the other store
/// insert it in between: its insert then fails on the unique key, or is ignored and the add
/// lost. That race is narrow (one run in five saw it on the first Milk alone, and SQLite's lock
/// lets the store that holds it go on to its insert first): here there are many, and
/// `addThatLooksThenWrites` watches each add alone first.
func newProductsFromTwoStores(_ report: CheckReport, folder: URL) async {
    let names = (1...CheckServices.random(in: 30...40)).map { "Item \($0)" }
    let addsEach = 4
    let path = folder.appendingPathComponent("new-products.sqlite").path
    let errors = Locked<[String]>([])
    var counted: [String: Int] = [:]
    report.waiting("\(names.count) new products, each added \(addsEach) times through two stores at once")
    do {
        let stores = [try InventoryStore(path: path), try InventoryStore(path: path)]
        await withTaskGroup(of: Void.self) { group in
            for name in names {
                for index in 0..<addsEach {
                    group.addTask {
                        do { try await stores[index % 2].add(name: name, quantity: 1) } catch {
                            errors.withLock { $0.append("\(error)") }
                        }
                    }
                }
            }
        }
        for product in try await InventoryStore(path: path).all() { counted[product.name, default: 0] += product.quantity }
    } catch {
        errors.withLock { $0.append("\(error)") }
    }
    let thrown = errors.withLock { $0 }
    let short = names.filter { counted[$0] != addsEach }
    report.expect(thrown.isEmpty && short.isEmpty,
                  "\(names.count) new products, each added \(addsEach) times through two stores at once: every add counted, none threw",
                  otherwise: "\(names.count) new products, each added \(addsEach) times through two stores at once: "
                      + (thrown.isEmpty ? "" : "\(thrown.count) add(s) threw, e.g. \(thrown[0]); ")
                      + (short.isEmpty ? "" : "\(short.count) product(s) miscounted, e.g. \(short[0]) \(counted[short[0]] ?? 0); ")
                      + "a store inserted a product the other had inserted since it looked: look and write in one transaction")
}

/// Whether names are in byte order or in order ignoring case (names that differ only in case
/// are one product, so the latter has no ties).
func isSortedByName(_ names: [String]) -> Bool {
    names == names.sorted() || names == names.sorted(by: ignoringCase)
}

func ignoringCase(_ first: String, _ second: String) -> Bool { first.lowercased() < second.lowercased() }

/// Two milk products always, and three to five others, each with a random quantity.
func otherProducts() -> [Product] {
    let pool = ["Bread", "Rye bread", "Shortbread", "Butter", "Peanut butter", "Buttermilk", "Cheddar", "Honey",
                "Oat flakes", "Goat cheese", "Cream cheese", "Sour cream"]
    let names = ["Oat Milkshake", "Almond milk"] + pool.shuffled().prefix(CheckServices.random(in: 3...5))
    return names.map { Product(name: $0, quantity: CheckServices.random(in: 1...9)) }
}

/// A piece from inside one of the names (never its start), in random case, that at least two
/// products contain but not all; that some product contains only in another case and not at
/// its start; and whose matches were not added in name order. So a search that ignores the
/// text, its case, or where the text sits, or that does not sort, returns the wrong products.
func searchTerm(names: [String], addedInOrder: [String]) -> String {
    for _ in 0..<500 {
        let name = names[CheckServices.random(in: 0...(names.count - 1))].lowercased()
        let length = CheckServices.random(in: 2...4)
        guard name.count > length + 1 else { continue }
        let start = CheckServices.random(in: 1...(name.count - length))
        let piece = String(name.dropFirst(start).prefix(length))
        guard !piece.contains(" ") else { continue }
        let term = String(piece.map { CheckServices.random(in: 0...1) == 0 ? Character($0.uppercased()) : $0 })
        let matches = addedInOrder.filter { $0.lowercased().contains(piece) }
        if matches.count >= 2, matches.count < names.count, !isSortedByName(matches),
           matches.contains(where: { !$0.contains(term) }), matches.contains(where: { !$0.lowercased().hasPrefix(piece) }) {
            return term
        }
    }
    return "iLK"  // "Almond milk" and "Oat Milkshake" always contain it
}
