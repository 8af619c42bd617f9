import LabKit
@testable import StudentCode

let plannedExpectations = 4

func runCheck(_ report: CheckReport) async {
    let store = InventoryStore()
    let adds = CheckServices.random(in: 60...140)
    let spellings = ["Milk", "milk", "MILK", "mIlK"]
    report.waiting("\(adds) adds from \(adds) tasks")
    await withTaskGroup(of: Void.self) { group in
        for index in 0..<adds {
            group.addTask { await store.add(name: spellings[index % spellings.count], quantity: 1) }
        }
    }
    let almond = CheckServices.random(in: 2...9)
    await store.add(name: "Almond milk", quantity: almond)
    await store.add(name: "Bread", quantity: 1)
    await store.add(name: "Oat Milkshake", quantity: 3)
    let all = await store.all()
    let milk = all.filter { $0.name.lowercased() == "milk" }
    report.expect(milk.count == 1 && milk.first?.quantity == adds, "every spelling of \"milk\" is one product with \(adds)",
                  otherwise: "expected one Milk with quantity \(adds), got \(milk.map { "\($0.name) \($0.quantity)" })")
    report.expect(all.first { $0.name == "Almond milk" }?.quantity == almond && all.count == 4, "other products keep their own quantities",
                  otherwise: "expected Almond milk \(almond), Bread, Oat Milkshake and Milk; got \(all.map { "\($0.name) \($0.quantity)" })")
    // A term from the middle of the names, in another case: a prefix match or a case-sensitive one fails.
    let term = ["ILK", "iLk", "lK"].randomElement()!
    let found = await store.search(term).map(\.name)
    let expected = ["Almond milk", all.first { $0.name.lowercased() == "milk" }?.name ?? "Milk", "Oat Milkshake"]
    report.expect(Set(found) == Set(expected) && found.count == 3, "search \"\(term)\" finds the 3 products containing it, ignoring case",
                  otherwise: "search \"\(term)\" found \(found); expected \(expected.sorted())")
    report.expect(found == found.sorted(), "search results are sorted by name", otherwise: "search results are not sorted: \(found)")
}
