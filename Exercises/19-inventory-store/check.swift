import LabScenarios

// MARK: - The answer's face
/// What the check calls of the answer: it is compiled once for every answer, against this
/// (see `AnswerFace` in the lab's grader), and reaches the answer only through `labAdaptor`.
/// Each closure runs where its caller does (`nonisolated(nonsending)`), as the check's own calls
/// did: an open that holds a thread of the pool holds its caller's, as before.
struct AnswerFace: Sendable {
    /// `try await InventoryStore(path: path)`.
    let openStore: nonisolated(nonsending) @Sendable (String) async throws -> AnswerInventoryStoreHandle
}

/// One `InventoryStore` of the answer's, reached through closures around it.
struct AnswerInventoryStoreHandle: Sendable {
    /// `try await store.add(name: name, quantity: quantity)`.
    let addProduct: nonisolated(nonsending) @Sendable (String, Int) async throws -> Void
    /// `try await store.search(text)`.
    let searchProducts: nonisolated(nonsending) @Sendable (String) async throws -> [Product]
    /// `try await store.all()`.
    let allProducts: nonisolated(nonsending) @Sendable () async throws -> [Product]
}

// MARK: - How the check reaches the answer
func labAdaptor() -> AnswerFace {
    AnswerFace(openStore: {
        let store = try await InventoryStore(path: $0)
        return AnswerInventoryStoreHandle(
            addProduct: { try await store.add(name: $0, quantity: $1) },
            searchProducts: { try await store.search($0) },
            allProducts: { try await store.all() })
    })
}

// MARK: - The check
import Foundation
import LabCore
import LabScenarios
import LabStorage
@testable import StudentCode

let plannedExpectations = 9

/// The answer's InventoryStore, as the check knows it: a handle on one store.
typealias InventoryStore = AnswerInventoryStoreHandle

extension AnswerInventoryStoreHandle {
    /// A store of the answer's opened on `path`, as `InventoryStore(path:)` opened it.
    nonisolated(nonsending) init(path: String) async throws { self = try await labAdaptor().openStore(path) }

    nonisolated(nonsending) func add(name: String, quantity: Int) async throws { try await addProduct(name, quantity) }
    nonisolated(nonsending) func search(_ text: String) async throws -> [Product] { try await searchProducts(text) }
    nonisolated(nonsending) func all() async throws -> [Product] { try await allProducts() }
}

func runCheck(_ report: CheckReport) async {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("check-inventory-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("inventory.sqlite").path
    // Two stores on one file: two connections, as two programs would have.
    let stores: [InventoryStore]
    do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        stores = [try await InventoryStore(path: path), try await InventoryStore(path: path)]
    } catch {
        report.fail("InventoryStore(path:) threw: \(error)")
        return
    }

    await opensWhileLocked(report, folder: folder)

    switch await addsWithWritesBetween(folder: folder) {
    case .problem(let problem): return report.fail(problem)
    case .fine: break
    case .notJudged:
        // A schema the probe cannot write into (a product's name and quantity in two tables, say):
        // the transactions counted instead.
        if let looked = await addThatLooksThenWrites(folder: folder) {
            return report.fail("an add of \(looked.product) looked in one transaction and wrote in another (\(looked.transactions) transactions: each statement outside BEGIN…COMMIT is one of its own; the check counts them where it cannot write between them in your table): another store can add the same product between the look and the write. Make each add one transaction (`connection.transaction { … }`)")
        }
    }

    if let problem = await addAfterAFailedAdd(folder: folder) { return report.fail(problem) }

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
        // The check's own SQL is written for the table the starting file makes: an answer that
        // changed it is told so, not that its adds failed.
        return report.fail("the check adds to Milk as another program would, through the table the starting file makes, and SQLite said: \(error). Keep that table (product: name, name_key, quantity)")
    }

    // Other products, each with its own quantity, added in reverse order of name: rows come
    // back in the order they were added unless the search sorts them. Each in two adds of 3 or
    // more: an add to an existing product that added 1 whatever the quantity (`quantity + 1`)
    // passed when the first add was of 1 (an audit's), and so did a new product inserted with a
    // quantity of 1 whatever was asked, or of at most 2, when the first was of 1 (a later audit's).
    let others = otherProducts()
    for product in others.sorted(by: { $0.name > $1.name }) {
        let first = CheckServices.random(in: 3...(product.quantity - 3))
        for part in [first, product.quantity - first] {
            do { try await stores[0].add(name: product.name, quantity: part) } catch { errors.withLock { $0.append("\(error)") } }
        }
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
                  otherwise: "a fresh store on the same file should read every product: it reads \(fresh.map { "\($0.name) \($0.quantity)" }); expected Milk and \(expectedOthers.joined(separator: ", ")) (each added twice, 3 or more each time: an add adds its quantity, to a new product or to one already there)")

    // 4. Search: a random piece from inside a random name, in random case.
    let milkName = milk.first?.name ?? "Milk"
    let term = searchTerm(names: [milkName] + others.map(\.name), addedInOrder: [milkName] + others.map(\.name).sorted(by: >))
    let found: [String]
    do { found = try await stores[1].search(term).map(\.name) } catch {
        report.fail("search threw: \(error)")
        return
    }
    let expected = fresh.map(\.name).filter { $0.lowercased().contains(term.lowercased()) }.sorted()
    report.expect(Set(found) == Set(expected) && found.count == expected.count, "search \"\(term)\" finds the \(counted(expected.count, "product")) containing it, ignoring case",
                  otherwise: "search \"\(term)\" should find the \(counted(expected.count, "product")) containing it, ignoring case: it found \(found), not \(expected)")
    await searchTextIsText(report, add: stores[0], search: stores[1], among: fresh.map(\.name))
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
    let alone = folder.appendingPathComponent("alone.sqlite").path
    guard let first = try? await InventoryStore(path: alone), let second = try? await InventoryStore(path: alone)
    else { return nil }  // said by the sections after, which open stores too
    let stores = [first, second]
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

/// 0a. Adds with another store's writes between their transactions, every run
/// (`SQLiteConnection.betweenTransactions`, on a file of their own). Another store adds to a
/// product that exists at every moment the add holds no transaction: an add that read the
/// quantity in one transaction and writes it in a later one writes over an add made between. And
/// it inserts a new product at one such moment, the first, then the second, and so on, one add
/// each, until the add has no more: an update that changed nothing followed by a plain insert, or
/// a look then an insert, fails on the unique key, leaves two rows, or replaces the other store's
/// row. Where the add's first write already made the row, nothing is inserted, and the add is
/// fair (`INSERT OR IGNORE`, an upsert; one transaction has no moment between at all). The other
/// store's writes use the answer's own schema: a copy of the row the answer wrote for a product
/// added twice before, where one row holds both name and quantity.
enum BetweenVerdict { case problem(String), fine, notJudged }

func addsWithWritesBetween(folder: URL) async -> BetweenVerdict {
    let path = folder.appendingPathComponent("between.sqlite").path
    let number = CheckServices.random(in: 10...99)
    let seed = "Seed \(number)"
    // Two adds, so that the product's row holds their sum, which a history of adds would not.
    let (first, second) = (CheckServices.random(in: 100...149), CheckServices.random(in: 2...9))
    guard let store = try? await InventoryStore(path: path), (try? await store.add(name: seed, quantity: first)) != nil,
          (try? await store.add(name: seed, quantity: second)) != nil,
          let copy = RowCopy(of: seed, quantity: first + second, path: path)
    else { return .notJudged }  // the sections after say why a store fails
    let seedQuantity = first + second
    let remaining = { (name: String) async -> [Product] in
        ((try? await InventoryStore(path: path).all()) ?? []).filter { $0.name.lowercased() == name.lowercased() }
    }
    let advice = "Look and write in one transaction (`connection.transaction { … }`)"

    // A product that exists: another store adds `more` at every moment between.
    let more = CheckServices.random(in: 3...9)
    let added = Locked(0)
    SQLiteConnection.betweenTransactions(of: path) {
        if (try? copy.add(more, to: seed)) == true { added.withLock { $0 += 1 } }
    }
    var thrown: (any Error)? = nil
    do { try await store.add(name: seed, quantity: 1) } catch { thrown = error }
    SQLiteConnection.cancelBetweenTransactions()
    let moments = added.withLock { $0 }
    let expected = seedQuantity + 1 + more * moments
    let total = await remaining(seed).map(\.quantity)
    // Judged where the add threw or wrote over some of the other store's adds (a total above the
    // first two adds but short by theirs): a total wrong otherwise (an add that replaces the
    // quantity, under the first two adds) the sections after say.
    if moments > 0, thrown != nil || (total.count == 1 && total[0] > seedQuantity && total[0] < expected) {
        return .problem("an add of 1 \(seed) (\(seedQuantity)) read it in one transaction and wrote it in another: another store added \(more) between its transactions (\(counted(moments, "time"))), and then "
            + (thrown.map { "the add threw: \($0)" } ?? "the add wrote \(total[0]) over it, not \(expected)")
            + ". \(advice)")
    }

    // A new product: another store inserts it at the add's first moment between, then its second…
    for moment in 1...8 {
        let product = "Fresh \(number)-\(moment)"
        let seen = Locked(0)
        let inserted = Locked(false)
        SQLiteConnection.betweenTransactions(of: path) {
            let now = seen.withLock {
                $0 += 1
                return $0
            }
            if now == moment, (try? copy.insertIfAbsent(product)) == true { inserted.withLock { $0 = true } }
        }
        thrown = nil
        do { try await store.add(name: product, quantity: 1) } catch { thrown = error }
        SQLiteConnection.cancelBetweenTransactions()
        if inserted.withLock({ $0 }) {
            let rows = await remaining(product)
            if thrown != nil || rows.map(\.quantity) != [seedQuantity + 1] {
                return .problem("an add of \(product) found no such product in one transaction and wrote it in another: another store added \(product) (\(seedQuantity)) between the two, and then "
                    + (thrown.map { "the add threw: \($0)" } ?? "the file holds \(rows.isEmpty ? "no \(product)" : rows.map { "\($0.name) \($0.quantity)" }.joined(separator: ", ")), not one \(product) \(seedQuantity + 1)")
                    + ". \(advice)")
            }
        }
        if seen.withLock({ $0 }) <= moment { break }  // the add had no moment after this one
    }
    return .fine
}

/// The row an answer wrote for a product, to write another store's rows the same way: its table,
/// its columns but an integer primary key (given afresh), each value as read, the columns that
/// hold the name (as given, lower-case or upper-case), and the one that holds the quantity.
struct RowCopy: Sendable {
    enum Spelling: Sendable { case given, lower, upper }
    let path: String
    let table: String
    let columns: [String]
    let values: [SQLiteValue]
    let names: [Int: Spelling]
    let quantity: Int

    /// Nil unless exactly one row of the file holds `name` (in any spelling) and, in one column of
    /// the same row, `quantity`.
    init?(of name: String, quantity: Int, path: String) {
        guard let connection = try? SQLiteConnection(path: path, create: false),
              let tables = try? connection.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        else { return nil }
        var found: [RowCopy] = []
        for case .text(let table) in tables.compactMap(\.first) {
            // (cid, name, type, notnull, default, pk) for each column.
            guard let info = try? connection.query("PRAGMA table_info(\(Self.quoted(table)))"),
                  let rows = try? connection.query("SELECT * FROM \(Self.quoted(table))")
            else { return nil }
            let columnNames = info.compactMap { column -> String? in if case .text(let name) = column[1] { name } else { nil } }
            // A column that is the table's only key and is declared INTEGER is the rowid: given afresh.
            let keys = info.indices.filter { info[$0][5] != .integer(0) }
            let rowid = keys.count == 1 && info[keys[0]][2] == .text("INTEGER") ? keys[0] : nil
            for row in rows where row.count == info.count && columnNames.count == info.count {
                var names: [Int: Spelling] = [:]
                for (index, value) in row.enumerated() {
                    guard case .text(let text) = value, text.lowercased() == name.lowercased() else { continue }
                    switch text {
                    case name: names[index] = .given
                    case name.lowercased(): names[index] = .lower
                    case name.uppercased(): names[index] = .upper
                    default: return nil
                    }
                }
                guard !names.isEmpty else { continue }
                let kept = row.indices.filter { $0 != rowid }
                let quantities = kept.indices.filter { row[kept[$0]] == .integer(Int64(quantity)) }
                guard quantities.count == 1 else { continue }  // a history of adds, say
                found.append(RowCopy(
                    path: path, table: table, columns: kept.map { columnNames[$0] }, values: kept.map { row[$0] },
                    names: Dictionary(uniqueKeysWithValues: kept.indices.compactMap { position in names[kept[position]].map { (position, $0) } }),
                    quantity: quantities[0]))
            }
        }
        guard found.count == 1 else { return nil }
        self = found[0]
    }

    private init(path: String, table: String, columns: [String], values: [SQLiteValue], names: [Int: Spelling], quantity: Int) {
        (self.path, self.table, self.columns, self.values, self.names, self.quantity) = (path, table, columns, values, names, quantity)
    }

    /// The row's values with `product` for the name, each name column in its spelling.
    func values(for product: String) -> [SQLiteValue] {
        values.indices.map { index in
            switch names[index] {
            case .given: .text(product)
            case .lower: .text(product.lowercased())
            case .upper: .text(product.uppercased())
            case nil: values[index]
            }
        }
    }

    /// Through a connection of its own, which waits at most 500 ms for a lock (an answer's
    /// statement left open may hold one: then nothing is written, and nothing judged).
    func connection() throws -> SQLiteConnection {
        try SQLiteConnection(path: path, create: false, busyTimeout: .milliseconds(500))
    }

    /// The first name column, and `product` as it holds it.
    func key(_ product: String) -> (column: String, value: SQLiteValue)? {
        names.keys.min().map { (columns[$0], values(for: product)[$0]) }
    }

    /// Adds `amount` to `product`'s quantity: true if one row changed.
    func add(_ amount: Int, to product: String) throws -> Bool {
        guard let (column, value) = key(product) else { return false }
        let connection = try connection()
        try connection.query(
            "UPDATE \(Self.quoted(table)) SET \(Self.quoted(columns[quantity])) = \(Self.quoted(columns[quantity])) + ? WHERE \(Self.quoted(column)) = ?",
            [.integer(Int64(amount)), value])
        return connection.changes == 1
    }

    /// Writes `product`'s row, unless a row already holds it: true if written.
    func insertIfAbsent(_ product: String) throws -> Bool {
        guard let (column, value) = key(product) else { return false }
        let connection = try connection()
        guard try connection.value("SELECT count(*) FROM \(Self.quoted(table)) WHERE \(Self.quoted(column)) = ?", [value]) == .integer(0)
        else { return false }
        try connection.query(
            "INSERT INTO \(Self.quoted(table)) (\(columns.map(Self.quoted).joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))",
            values(for: product))
        return true
    }

    static func quoted(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
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
    var quantities: [String: Int] = [:]
    let term = String("tem".map { CheckServices.random(in: 0...1) == 0 ? Character($0.uppercased()) : $0 })
    var found: [String] = []
    var searchError: String? = nil
    report.waiting("\(names.count) new products, each added \(addsEach) times through two stores at once")
    do {
        let stores = [try await InventoryStore(path: path), try await InventoryStore(path: path)]
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
        for product in try await InventoryStore(path: path).all() { quantities[product.name, default: 0] += product.quantity }
        // Every one of them, more than the other file ever holds: a search with a cap of its own
        // (`LIMIT 8`) passed there (an audit's).
        do { found = try await stores[1].search(term).map(\.name) } catch { searchError = "\(error)" }
    } catch {
        errors.withLock { $0.append("\(error)") }
    }
    let thrown = errors.withLock { $0 }
    let short = names.filter { quantities[$0] != addsEach }
    let missed = names.filter { !found.contains($0) }
    let searched = searchError == nil && missed.isEmpty && found.count == names.count
    report.expect(thrown.isEmpty && short.isEmpty && searched,
                  "\(names.count) new products, each added \(addsEach) times through two stores at once: every add counted, none threw, and a search for \"\(term)\" found all \(names.count)",
                  otherwise: "\(names.count) new products, each added \(addsEach) times through two stores at once: "
                      + (thrown.isEmpty ? "" : "\(counted(thrown.count, "add")) threw, e.g. \(thrown[0]); ")
                      + (short.isEmpty ? "" : "\(counted(short.count, "product")) miscounted, e.g. \(short[0]) \(quantities[short[0]] ?? 0); ")
                      + (thrown.isEmpty && short.isEmpty
                          ? searchError.map { "a search for \"\(term)\" threw: \($0)" }
                              ?? "a search for \"\(term)\" found \(found.count) of them (\(missed.isEmpty ? "each" : "not \(missed[0])")): a search finds every product containing the text, with no cap of its own"
                          : "a store inserted a product the other had inserted since it looked: look and write in one transaction"))
}

/// Whether names are in byte order or in order ignoring case (names that differ only in case
/// are one product, so the latter has no ties).
func isSortedByName(_ names: [String]) -> Bool {
    names == names.sorted() || names == names.sorted(by: ignoringCase)
}

func ignoringCase(_ first: String, _ second: String) -> Bool { first.lowercased() < second.lowercased() }

/// Two milk products always, and three to five others, each with a random quantity of 6 to 12
/// (added in two parts of 3 or more).
func otherProducts() -> [Product] {
    let pool = ["Bread", "Rye bread", "Shortbread", "Butter", "Peanut butter", "Buttermilk", "Cheddar", "Honey",
                "Oat flakes", "Goat cheese", "Cream cheese", "Sour cream"]
    let names = ["Oat Milkshake", "Almond milk"] + pool.shuffled().prefix(CheckServices.random(in: 3...5))
    return names.map { Product(name: $0, quantity: CheckServices.random(in: 6...12)) }
}

/// A search for text with a wildcard's character in it finds the names that contain that text, as
/// CONTAINS[c] does: a `LIKE` pattern built around the text, with no ESCAPE, reads `%` and `_` as
/// wildcards (an audit's `name_key LIKE '%' || ? || '%'` passed, every term being letters), and a
/// `GLOB` pattern reads `*` and `?`. Every run searches for one text of each kind, `%`, `_` and a
/// glob's: with one of them drawn per run, a pattern that escaped `%` alone passed two runs in
/// three, one that escaped `_` alone one in three, and a GLOB every run (a later audit's). For each,
/// two names are added, one containing the text and one the pattern would also match.
func searchTextIsText(_ report: CheckReport, add: InventoryStore, search: InventoryStore, among names: [String]) async {
    let kinds = [
        [("100% Rye", "1000 Island", "0%")],
        [("Hot_Sauce", "Hot Sauce", "t_s"), ("Max_Tea", "Six Tea", "x_t")],
        [("Star*Fruit", "Starfruit", "r*f"), ("Why? Cola", "Whys Cola", "y? c")],
    ]
    var all = names
    var searched: [String] = []
    var wrong: [String] = []
    for pairs in kinds {
        let (containing, lookalike, piece) = pairs[CheckServices.random(in: 0...(pairs.count - 1))]
        let term = String(piece.map { CheckServices.random(in: 0...1) == 0 ? Character($0.uppercased()) : $0 })
        var found: [String] = []
        do {
            try await add.add(name: lookalike, quantity: 1)
            try await add.add(name: containing, quantity: 1)
            found = try await search.search(term).map(\.name)
        } catch {
            return report.fail("adding \(containing) and \(lookalike), then searching for \"\(term)\", threw: \(error)")
        }
        all += [containing, lookalike]
        let expected = all.filter { $0.lowercased().contains(term.lowercased()) }.sorted()
        searched.append("\"\(term)\" \(expected)")
        if Set(found) != Set(expected) || found.count != expected.count {
            wrong.append("search \"\(term)\" should find the names containing that very text, \(expected); it found \(found)")
        }
    }
    report.expect(wrong.isEmpty, "each search finds the names containing that very text: \(searched.joined(separator: ", "))",
                  otherwise: wrong.joined(separator: "; ") + ". In a LIKE pattern % and _ are wildcards (escape them with ESCAPE), in a GLOB pattern * and ?: use instr, or escape every wildcard")
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

/// 0b. An add that fails inside its transaction (the check's trigger refuses one product, as a
/// full disk or a constraint would refuse a statement), then another add on the same store. A
/// transaction begun by hand and not rolled back when a statement fails stays open, holding the
/// file's write lock: the next add's BEGIN throws, and no other connection can write again (a
/// hand-written BEGIN IMMEDIATE … COMMIT passed while no statement failed). Judged by that lock
/// alone, which such a store holds for as long as it lives: the check's own connection cannot
/// begin a write within 1 s. And an add that fails must say so: one that did not throw must have
/// written the product (an add that swallowed the error lost it silently). Nil when fine, or where the starting file's table is gone (the
/// sections after say so).
func addAfterAFailedAdd(folder: URL) async -> String? {
    let path = folder.appendingPathComponent("refused.sqlite").path
    let kept = "Oat \(CheckServices.random(in: 10...99))"
    let refused = "Refused \(CheckServices.random(in: 10...99))"
    guard let store = try? await InventoryStore(path: path), (try? await store.add(name: kept, quantity: 1)) != nil,
          let check = try? SQLiteConnection(path: path, create: false, busyTimeout: .seconds(1)),
          (try? check.execute("""
              CREATE TRIGGER check_refuses BEFORE INSERT ON product WHEN lower(NEW.name) = '\(refused.lowercased())'
              BEGIN SELECT RAISE(ABORT, 'the check refuses this product'); END;
              """)) != nil
    else { return nil }
    let failed = (try? await store.add(name: refused, quantity: 1)) == nil
    var thrown: (any Error)? = nil
    do { try await store.add(name: kept, quantity: 2) } catch { thrown = error }
    do {
        try check.execute("BEGIN IMMEDIATE")
        try? check.execute("ROLLBACK")
    } catch {
        return "an add of \(refused), whose INSERT the check's trigger refused (as a full disk or a broken constraint refuses a statement), "
            + (failed ? "threw, as it should, " : "did not throw, ")
            + "but left its transaction open: "
            + (thrown.map { "the next add on that store (2 \(kept)) threw (\($0)), and " } ?? "")
            + "no other connection could begin a write within 1 s (\(error)). Roll the transaction back when a statement fails (`connection.transaction { … }` does)"
    }
    // An add that did not throw must have written the product somewhere (a history of adds, say):
    // one that swallowed the refused INSERT's error (`try?`) lost the add without a word, and
    // passed while no statement failed (an audit's).
    let written = ((try? await store.all()) ?? []).contains { $0.name.lowercased() == refused.lowercased() }
    if !failed, !written {
        return "an add of \(refused), whose INSERT the check's trigger refused (as a full disk or a broken constraint refuses a statement), "
            + "did not throw, and the file holds no \(refused): the add was lost and its caller never told. Let the statement's error reach the caller (`try`, not `try?`)"
    }
    return nil
}

/// 0c. Opening a store waits for another connection's lock, up to the connection's busy timeout
/// (10 s unless the answer sets another): wherever the open runs, its thread waits that long. On
/// the store's own thread (`executor.blockingWork`) the caller suspends and the pool stays free;
/// in the caller's task, or in a task of the pool (`Task.detached`, a `@concurrent` function), the
/// open holds a thread of the cooperative pool, and with as many opens as the pool has threads
/// nothing else runs until the lock is let go (the lab's own store did so until session 50).
///
/// Another connection (the check's, on a thread of its own) takes the exclusive lock of a new
/// file (rollback journal: even a read waits), the check opens more stores at once than the pool
/// has threads (1 on one CPU), and 200 ms later starts a task, then another 100 ms after each has
/// run, three in all: each must run within 3 s while every open still waits. One task was not
/// enough: on a crowded CPU an answer that opens in a `Task.detached` had not yet started its
/// detached tasks when the first was queued, which then ran ahead of them (a second run passed
/// it); a task queued once the one before has run comes after whatever the opens queued before
/// that. The lock is held until the last has run, or one has waited 3 s, then let go; the opens
/// are awaited then, their own errors not judged here (many stores switching a new file to WAL
/// at once may be told busy: the sections after open stores one at a time).
func opensWhileLocked(_ report: CheckReport, folder: URL) async {
    let path = folder.appendingPathComponent("locked.sqlite").path
    let width = CheckServices.poolWidth
    let opens = width + 2
    let tasks = 3
    let bound = Duration.seconds(3)
    let taken = Locked<String??>(nil)  // nil: not yet; .some(nil): taken; .some(error): not taken
    let opensStarted = Locked(false)
    let opensEnded = Locked(0)
    /// When the task now waited for ran, and how many opens had ended by then.
    let ran = Locked<(at: ContinuousClock.Instant, ended: Int)?>(nil)
    let probes = Locked<[Task<Void, Never>]>([])
    report.waiting("\(opens) stores opened at once while another connection holds the database's lock")

    /// How the tasks fared: how many ran, when the last was started, and when the lock was let go.
    struct Hold: Sendable {
        var ran = 0
        var endedBefore = 0
        var started = ContinuousClock.now
        var ranAt = ContinuousClock.now
        var letGo = ContinuousClock.now
    }
    // Off the pool, so that opens holding every thread of the pool cannot keep it from letting the
    // lock go.
    async let held = OnAThreadOfItsOwn.blockingWork(named: "check: another connection") { () -> Hold? in
        let holder: SQLiteConnection
        do {
            holder = try SQLiteConnection(path: path)
            try holder.execute("""
                CREATE TABLE IF NOT EXISTS product (
                    name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE, quantity INTEGER NOT NULL);
                BEGIN EXCLUSIVE
                """)
        } catch {
            taken.withLock { $0 = .some("\(error)") }
            return nil
        }
        taken.withLock { $0 = .some(nil) }
        let patience = ContinuousClock.now + .seconds(60)
        while !opensStarted.withLock({ $0 }), ContinuousClock.now < patience { usleep(1_000) }
        var hold = Hold()
        for index in 0..<tasks {
            usleep(index == 0 ? 200_000 : 100_000)
            ran.withLock { $0 = nil }
            // The opens that end while this task waits to run, not before it was started: an open
            // that waits for no lock (it runs its first statement later, on the store's thread) ends
            // at once, and a correct answer's opens so ended before the first task (a review's).
            let endedBeforeStart = opensEnded.withLock { $0 }
            hold.started = .now
            let task = Task.detached {
                let ended = opensEnded.withLock { $0 }
                ran.withLock { $0 = (.now, ended) }
            }
            probes.withLock { $0.append(task) }
            while ran.withLock({ $0 }) == nil, ContinuousClock.now < hold.started + bound { usleep(1_000) }
            guard let (at, ended) = ran.withLock({ $0 }) else { break }
            // Behind the opens: some ended while it waited, and it waited a quarter of a second or
            // more (an open on the pool with a busy timeout of its own, 0.8 s, let it run then; a
            // crowded machine that delays a task a moment as an open ends makes one late run).
            let waitedBehindOpens = ended > endedBeforeStart && at - hold.started >= .milliseconds(250)
            (hold.ran, hold.ranAt, hold.endedBefore) = (index + 1, at, waitedBehindOpens ? ended - endedBeforeStart : 0)
            if waitedBehindOpens { break }
        }
        try? holder.execute("COMMIT")
        hold.letGo = .now
        return hold
    }

    while taken.withLock({ $0 }) == nil { try? await Task.sleep(for: .milliseconds(1)) }
    if case .some(.some(let problem)) = taken.withLock({ $0 }) {
        _ = await held
        return report.fail("the check could not take the lock of a database of its own, to open stores while another connection holds it: \(problem)")
    }
    let opening = (0..<opens).map { _ in
        Task.detached {
            _ = try? await InventoryStore(path: path)
            opensEnded.withLock { $0 += 1 }
        }
    }
    opensStarted.withLock { $0 = true }
    let hold = await held
    for task in opening { await task.value }
    for task in probes.withLock({ $0 }) { await task.value }
    guard let hold else { return }  // said above

    let seconds = { (duration: Duration) in
        String(format: "%.1f s", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }
    let scene = "While another connection held the database's lock, the check opened \(opens) stores at once (the cooperative pool has at most \(counted(width, "thread")) here) and started a task 0.2 s later, then another 0.1 s after each had run, \(tasks) in all: "
    let nth = ["1st", "2nd", "3rd"][min(hold.ran, 2)]
    report.expectInTime(
        hold.ran == tasks && hold.endedBefore == 0,
        "\(opens) stores opening at once while another connection held the lock (more than the pool's \(counted(width, "thread"))) left the pool free: \(tasks) tasks started one after another ran while they waited",
        otherwise: scene
            + (hold.endedBefore > 0
                ? "the \(["1st", "2nd", "3rd"][hold.ran - 1]) ran only once \(counted(hold.endedBefore, "open")) had ended after it was started, \(seconds(hold.ranAt - hold.started)) after. "
                : "the \(nth) did not run in the \(seconds(hold.letGo - hold.started)) the lock was then held, only once it was let go. ")
            + "Each open waited for the lock holding a thread of the cooperative pool, and with every thread waiting no other task could run: code in the caller's task, in an async init before every stored property is set, in a Task.detached or in a @concurrent function runs on the pool. "
            + "Make init async and open the connection on the store's own thread, where its other work runs, while the caller suspends: `connection = try await executor.blockingWork { … }`")
}
