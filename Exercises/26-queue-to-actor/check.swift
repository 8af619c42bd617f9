import Foundation
import LabCore
@testable import StudentCode

let plannedExpectations = 4

/// Compiles only for an actor: the exercise is to move the queue's job to one.
func requireActor<T: Actor>(_: T.Type) {}

func runCheck(_ report: CheckReport) async {
    requireActor(FavoritesStore.self)
    let tasks = 8
    let each = CheckServices.random(in: 150...250)
    let total = tasks * each
    let store = FavoritesStore()
    report.waiting("\(tasks) tasks adding \(each) new photos each")
    let returned = await withTaskGroup(of: [Int].self) { group in
        for task in 0..<tasks {
            group.addTask {
                var counts: [Int] = []
                for index in 0..<each { counts.append(await store.add("photo-\(task)-\(index)")) }
                return counts
            }
        }
        var all: [Int] = []
        for await counts in group { all += counts }
        return all
    }
    let kept = await store.count
    report.expect(
        kept == total, "all \(total) photos added by \(tasks) tasks at once were kept",
        otherwise: kept < total ? "\(total - kept) of \(total) photos were lost" : "it counted \(kept) photos, but \(total) were added")
    let sorted = returned.sorted()
    report.expect(
        sorted == Array(1...total), "each add returned a different count, 1 to \(total): no two adds overlapped",
        otherwise: sorted == Array(0..<total)
            ? "each add returned the count from before adding: return how many there are after adding"
            : "\(total - Set(returned).count) adds returned the same count as another: each add must see the one before it (an await inside add lets another add in)"
    )
    let shared = "apod-\(CheckServices.random(in: 1000...9999)).jpg"
    let store2 = FavoritesStore()
    let sharedCounts = await withTaskGroup(of: Int.self) { group in
        for _ in 0..<tasks { group.addTask { await store2.add(shared) } }
        return await group.reduce(into: [Int]()) { $0.append($1) }
    }
    let once = await store2.count
    // Each add of it, the first or not, returns how many favourites there are then: one.
    let miscounted = sharedCounts.filter { $0 != 1 }
    report.expect(
        once == 1 && miscounted.isEmpty, "the same photo added by \(tasks) tasks is one favourite, and each add returned 1",
        otherwise: once != 1
            ? "the same photo added by \(tasks) tasks became \(once) favourites: a photo already there must not be added twice"
            : "adding a photo already there returned \(miscounted.first ?? 0) (\(miscounted.count) of \(tasks) adds): return how many favourites there are, added or not")
    let has = await store2.contains(shared)
    let hasNot = await store2.contains("not-\(shared)")
    report.expect(
        has && !hasNot, "contains(_:) knows which photos are favourites",
        otherwise: "contains(\"\(has ? "not-\(shared)" : shared)\") returned \(!has)")
}
