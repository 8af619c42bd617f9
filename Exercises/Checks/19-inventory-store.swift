import LabKit

func runCheck(_ report: CheckReport) async {
    let store = InventoryStore()
    report.waiting("100 adds from 100 tasks")
    await withTaskGroup(of: Void.self) { group in
        for index in 0..<100 {
            group.addTask { await store.add(name: index.isMultiple(of: 2) ? "Milk" : "milk", quantity: 1) }
        }
    }
    await store.add(name: "Almond milk", quantity: 2)
    await store.add(name: "Bread", quantity: 1)
    let all = await store.all()
    let milk = all.filter { $0.name.lowercased() == "milk" }
    report.expect(milk.count == 1 && milk.first?.quantity == 100, "\"Milk\" and \"milk\" are one product with 100",
                  otherwise: "expected one Milk with quantity 100, got \(milk.map { "\($0.name) \($0.quantity)" })")
    let found = await store.search("MIL").map(\.name)
    report.expect(found.count == 2 && found.contains("Almond milk"), "search \"MIL\" finds both milks, ignoring case",
                  otherwise: "search \"MIL\" found \(found)")
    report.expect(found == found.sorted(), "search results are sorted by name", otherwise: "search results are not sorted: \(found)")
}
