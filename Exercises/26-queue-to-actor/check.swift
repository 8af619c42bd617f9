// No given code for this exercise.
// MARK: - The answer's face
/// What the check calls of the answer: it is compiled once for every answer, against this
/// (see `AnswerFace` in the lab's grader), and reaches the answer only through `labAdaptor`.
struct AnswerFace: Sendable {
    let makeStore: @Sendable () -> AnswerStoreHandle
}

/// One store of the answer's, reached by closures around it.
struct AnswerStoreHandle: Sendable {
    let add: @Sendable (String) async -> Int
    let contains: @Sendable (String) async -> Bool
    let count: @Sendable () async -> Int
}

// MARK: - How the check reaches the answer
func labAdaptor() -> AnswerFace {
    // Compiles only for an actor: the exercise is to move the queue's job to one.
    let _: any Actor.Type = FavoritesStore.self
    return AnswerFace(makeStore: {
        let store = FavoritesStore()
        return AnswerStoreHandle(
            add: { await store.add($0) }, contains: { await store.contains($0) }, count: { await store.count })
    })
}

// MARK: - The check
import Foundation
import LabCore
@testable import StudentCode

let plannedExpectations = 6

/// The answer's store, called as the exercise declares it (that it is an actor, the adaptor's
/// compile checks).
struct FavoritesStore: Sendable {
    let answer = labAdaptor().makeStore()

    func add(_ photo: String) async -> Int { await answer.add(photo) }

    func contains(_ photo: String) async -> Bool { await answer.contains(photo) }

    var count: Int { get async { await answer.count() } }
}

func runCheck(_ report: CheckReport) async {
    let tasks = 8
    // 2,400 to 4,800 photos: a store that dropped its oldest past 2,048 passed 1,200 to 2,000 (an audit's).
    let each = CheckServices.random(in: 300...600)
    let total = tasks * each
    let store = FavoritesStore()
    // The adds run on one thread of the check's own, first in, first out (a task executor
    // preference, which the adding tasks inherit): each hop to the store and back waits its
    // turn behind every add queued before it, so an add that looks, awaits, then writes is
    // overtaken by the other tasks' adds on every run. On the thread pool such an add ran its
    // awaits back to back and passed 3 runs in 3 on two cores (one that checked for the photo,
    // awaited a journal actor, then appended; one that worked out the count to return, awaited
    // the journal, then inserted).
    let serial = DedicatedThreadExecutor(name: "check 26 · adds")
    defer { serial.stop() }
    report.waiting("\(tasks) tasks adding \(each) new photos each", calls: total)
    let returned = await withTaskExecutorPreference(serial) {
        await withTaskGroup(of: [Int].self) { group in
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
    }
    let kept = await store.count
    report.expect(
        kept == total, "all \(total) photos added by \(tasks) tasks at once were kept",
        otherwise: kept < total ? "once every add had returned, the store counted \(kept) of the \(total) photos: \(total - kept) \(were(total - kept)) lost, or not yet stored" : "it counted \(kept) photos, but \(total) were added")
    // A store that kept only a count and the last photo passed the count: ask for photos added
    // early and late, before any is added again.
    let asked = ["photo-0-0", "photo-\(tasks - 1)-\(each / 2)"]
    var forgotten: [String] = []
    for photo in asked where await !store.contains(photo) { forgotten.append(photo) }
    let again = await store.add(asked[0])
    let keptAfter = await store.count
    let sorted = returned.sorted()
    report.expect(
        sorted == Array(1...total), "each add returned a different count, 1 to \(total): no two adds overlapped",
        otherwise: sorted == Array(0..<total)
            ? "each add returned the count from before adding: return how many there are after adding"
            : "\(counted(total - Set(returned).count, "add")) returned the same count as another: each add must see the one before it (an await inside add lets another add in)"
    )
    let shared = "apod-\(CheckServices.random(in: 1000...9999)).jpg"
    let store2 = FavoritesStore()
    let sharedCounts = await withTaskExecutorPreference(serial) {
        await withTaskGroup(of: Int.self) { group in
            for _ in 0..<tasks { group.addTask { await store2.add(shared) } }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
    }
    let once = await store2.count
    // Each add of it, the first or not, returns how many favourites there are then: one.
    let miscounted = sharedCounts.filter { $0 != 1 }
    let addedTwice = again != total || keptAfter != total
    report.expect(
        once == 1 && miscounted.isEmpty && !addedTwice,
        "the same photo added by \(tasks) tasks is one favourite, each add returned 1, and a photo added again later is not counted twice",
        otherwise: once != 1
            ? "the same photo added by \(tasks) tasks became \(once) favourites: a photo already there must not be added twice"
            : !miscounted.isEmpty
                ? "the same photo added by \(tasks) tasks: \(miscounted.count) of the adds returned \(miscounted.first ?? 0), not 1: return how many favourites there are once the photo is in, whether that add put it there or not"
                : "adding \(asked[0]) again, after \(total - 1) other photos, returned \(again) and left \(counted(keptAfter, "favourite")) (there were \(total)): a photo already there must not be added twice"
    )
    // Names that differ only in case, or only near their end, are different photos: a store that
    // kept each name lowercased, or its first 12 letters, passed while every name was short and
    // lowercase (an audit's, helper 147). Added to the store that holds `shared`, one at a time.
    // The long names run 330 to 645 characters, and one name ends in a space: a store that kept a
    // name's first 64 characters, or trimmed its spaces, passed names of at most 57 with none
    // (an audit's, helper 180).
    let long = "apod-\(CheckServices.random(in: 1000...9999))-"
        + String(repeating: "nebula-", count: CheckServices.random(in: 45...90))
    let lookalikes = [shared.uppercased(), long + "a.jpg", long + "b.jpg", shared + " "]
    var lookalikeCounts: [Int] = []
    for photo in lookalikes { lookalikeCounts.append(await store2.add(photo)) }
    var lookalikesKnown = true
    for photo in lookalikes where await !store2.contains(photo) { lookalikesKnown = false }
    let merged = lookalikes.indices.first { lookalikeCounts[$0] != $0 + 2 }
    let keptWithLookalikes = await store2.count
    report.expect(
        merged == nil && lookalikesKnown && keptWithLookalikes == 1 + lookalikes.count,
        "photos whose names differ only in case, or only at their end, are different favourites",
        otherwise: merged.map {
            "adding \(shown(lookalikes[$0])) after \(([shared] + lookalikes.prefix($0)).map(shown).joined(separator: ", ")) returned \(lookalikeCounts[$0]), not \($0 + 2): names that differ only in case or near their end are different photos; keep each name exactly as it was given"
        } ?? "photos whose names differ only in case or near their end were not all kept as favourites: keep each name exactly as it was given")
    let has = await store2.contains(shared)
    // Names never added that look like favourites: another case, the start or the end of one.
    // A contains that ignored case, or matched names that begin with what it was asked (a
    // search box's rule), passed while the only name asked for was "not-" and a favourite's
    // (an audit's, helper 163).
    let neverAdded = ["not-\(shared)", shared.prefix(1).uppercased() + shared.dropFirst(), long, String((long + "a.jpg").dropFirst(5))]
    var claimed: [String] = []
    for photo in neverAdded where await store2.contains(photo) { claimed.append(photo) }
    report.expect(
        has && claimed.isEmpty && forgotten.isEmpty, "contains(_:) knows which photos are favourites",
        otherwise: !forgotten.isEmpty
            ? "contains(\"\(forgotten[0])\") returned false once all \(total) adds had returned, that photo's among them: keep every photo, not only a count"
            : !has
                ? "contains(\"\(shared)\") returned false, and it was added"
                : claimed.first.map {
                    "contains(\(shown($0))) returned true, but no photo of that name was added (this store was given \(([shared] + lookalikes).map(shown).joined(separator: ", "))): a photo is a favourite only under the exact name it was added with"
                } ?? "")

    // Photos added one at a time to a new store, up to 120,000 (or for 2 s of the check's CPU,
    // which an answer that looks through an array for every add reaches first: 9,000 adds took one
    // 5 s): a store capped above the 4,800 the tasks add, refusing or dropping photos past 10,000,
    // passed (an audit's; helper 171). The adds stop at the budget, never at a verdict, so a slow
    // correct store is asked for fewer, not refused. CPU, not the clock: a check shares its CPU
    // with the others graded beside it, and 2 s of wall beside four busy processes on one CPU gave
    // the store capped at 65,536 only 97,792 adds (session 56); twelve checks at once give fewer.
    // And 8 s of wall at most, for an add that waits without using the CPU.
    let solo = FavoritesStore()
    let clock = ContinuousClock()
    let soloDeadline = clock.now + .seconds(8)
    let soloCPUStart = processCPUSeconds()
    let soloMost = 120_000
    // A wait of its own, of its calls: a store that adds in a task of its own per call begins a
    // task an add, a hundred thousand and more here, which is no chain of tasks (`ChainNote`).
    report.waiting("up to \(soloMost) photos added one at a time to a new store", calls: soloMost)
    var soloReturned: [Int] = []
    soloReturned.reserveCapacity(soloMost)
    while soloReturned.count < soloMost,
        soloReturned.count % 256 != 0 || (processCPUSeconds() - soloCPUStart < 2 && clock.now < soloDeadline)
    {
        soloReturned.append(await solo.add("one-\(soloReturned.count)"))
    }
    let soloAdded = soloReturned.count
    let soloKept = await solo.count
    let firstOff = soloReturned.indices.first { soloReturned[$0] != $0 + 1 }
    let firstKept = await solo.contains("one-0")
    let lastKept = await solo.contains("one-\(soloAdded - 1)")
    var soloFaults: [String] = []
    if let firstOff { soloFaults.append("add number \(firstOff + 1) returned \(soloReturned[firstOff]), not \(firstOff + 1)") }
    if soloKept != soloAdded { soloFaults.append("the store counted \(soloKept) once all had returned") }
    if !firstKept { soloFaults.append("contains(\"one-0\") returned false (the first photo was dropped)") }
    if !lastKept { soloFaults.append("contains(\"one-\(soloAdded - 1)\") returned false (the last photo was not kept)") }
    report.expect(
        soloFaults.isEmpty, "\(soloAdded) photos added one at a time to a new store were all kept and counted",
        otherwise: "\(soloAdded) photos added one at a time to a new store: \(soloFaults.joined(separator: "; ")). A store keeps every favourite: it has no limit of its own (the tasks above added only \(total))")
}

/// A name as a sentence shows it: quoted whole if short, else its start and end with its length
/// (the long lookalikes run to 645 characters, which buried the sentence).
func shown(_ name: String) -> String {
    name.count <= 48 ? "\"\(name)\"" : "\"\(name.prefix(24))…\(name.suffix(16))\" (\(name.count) characters)"
}
