import LabCore

// Given: compiled into your module (StudentCode) beside your file, so your code can use it.
/// A drink: a value, safe to send anywhere.
struct Drink: Sendable, Equatable {
    let name: String
    let milligrams: Double
}

// MARK: - The answer's face
/// What the check calls of the answer: it is compiled once for every answer, against this
/// (see `AnswerFace` in the lab's grader), and reaches the answer only through `labAdaptor`.
struct AnswerFace: Sendable {
    let makeModel: @MainActor () -> AnswerModelHandle
}

/// A `CoffeeModel` the adaptor made: the model itself (for reading what it holds), its
/// `add(_:)` and its `store`, each called on the main actor, as the check called them.
struct AnswerModelHandle {
    let object: Any
    let add: @MainActor (Drink) async -> Void
    let store: @MainActor () -> AnswerStoreHandle
}

/// The model's `DrinkStore`: the actor itself, and its `saved`, read from the main actor or off it.
struct AnswerStoreHandle: Sendable {
    let object: any Actor
    let savedOnMain: @MainActor () async -> [Drink]
    let saved: @Sendable () async -> [Drink]
}

// MARK: - How the check reaches the answer
func labAdaptor() -> AnswerFace {
    AnswerFace(makeModel: {
        let model = CoffeeModel()
        return AnswerModelHandle(
            object: model, add: { await model.add($0) },
            store: {
                let store: DrinkStore = model.store
                return AnswerStoreHandle(
                    object: store, savedOnMain: { await store.saved }, saved: { await store.saved })
            })
    })
}

// MARK: - The check
import Foundation
import LabCore
@testable import StudentCode

let plannedExpectations = 5

/// The answer's `CoffeeModel`, made and called through the face on the main actor; `object` is
/// the model itself.
@MainActor
final class CoffeeModel {
    private let handle: AnswerModelHandle
    var object: Any { handle.object }
    var store: DrinkStore { DrinkStore(handle: handle.store()) }

    init() { handle = labAdaptor().makeModel() }

    func add(_ drink: Drink) async { await handle.add(drink) }
}

/// The model's store: `object` is the answer's actor itself; `saved` is read from the main actor,
/// `savedOffMain()` off it.
struct DrinkStore: Sendable {
    let handle: AnswerStoreHandle
    var object: any Actor { handle.object }

    @MainActor var saved: [Drink] { get async { await handle.savedOnMain() } }
    func savedOffMain() async -> [Drink] { await handle.saved() }
}

@MainActor
func runCheck(_ report: CheckReport) async {
    let model = CoffeeModel()
    // Drinks of this run's own choosing, so the store must save what it was given (an audit's
    // answer saved three names of its own).
    let menu = ["Espresso", "Latte", "Cortado", "Flat white", "Mocha", "Americano", "Ristretto", "Macchiato"]
    let drinks = (0..<CheckServices.random(in: 3...5)).map { _ in
        Drink(name: menu[CheckServices.random(in: 0...(menu.count - 1))], milligrams: Double(CheckServices.random(in: 20...200)))
    }
    for drink in drinks { await model.add(drink) }
    let saved = await model.store.saved
    report.expect(saved == drinks, "the store saved the \(drinks.count) drinks",
                  otherwise: "the store saved \(saved.map(\.name)), not the \(drinks.count) drinks added (\(drinks.map(\.name)))")
    // The adds are over (each awaited), so nothing runs on what the model and the store hold
    // while it is read. An actor both hold is one log, shared, however its type is spelled; so
    // is any object both hold before and after one more add (an immutable log the model
    // replaces is a new object each time, and the first is kept alive here so that no other
    // object can take its address).
    let before = SharedObjects.held(byBoth: model.object, and: model.store.object, ignoring: [model.store.object])
    let extra = Drink(name: "Decaf", milligrams: Double(CheckServices.random(in: 1...15)))
    await model.add(extra)
    let after = SharedObjects.held(byBoth: model.object, and: model.store.object, ignoring: [model.store.object])
    let savedAfter = await model.store.saved
    report.expect(savedAfter == drinks + [extra], "one more add is saved too",
                  otherwise: "after one more add the store saved \(savedAfter.map(\.name)), not \((drinks + [extra]).map(\.name))")
    let shared = after.filter { held in held.isActor || before.contains { $0.object === held.object } }
    report.expect(shared.isEmpty, "the model and the store share no object that changes: the store keeps a value",
                  otherwise: "the model and the store both hold one \(shared.map(\.typeName).joined(separator: ", ")) while its drinks change: the store must keep a value of its own, not the model's log")
    // What the store reports it must hold: a store that keeps a way to ask for the drinks (a
    // closure in a struct behind the lab's `Transport` protocol, a `JokeClient`, a continuation
    // it sends its questions through) holds none of them, and reads the model's live log
    // whenever it is asked (an audit's, helper 147: each passed, no object shared in sight).
    let held = HeldFields(reachableFrom: model.store.object)
    let missing = savedAfter.filter { !held.contains($0) }
    report.expect(missing.isEmpty, "the store holds the drinks it reports: it keeps what it was given",
                  otherwise: "the store reported \(counted(savedAfter.count, "drink")) but holds \(missing.count == savedAfter.count ? "none" : "not all") of them (it keeps \(storedShapes(of: model.store.object))): it reads them through something else whenever it is asked (a closure, a task, a stream: the model's live log); keep the drinks it was given")
    // A store that keeps a copy for show and reports the model's live list (asked through a
    // continuation whenever it is read) holds the drinks and shares nothing in sight: an audit's
    // answer (helper 180) passed every line above. So the store is asked once more while one more
    // add is under way: the read is queued on the store (held busy) before the add starts, so the
    // add's save queues behind it, and the main actor, where the model's list lives, is held while
    // the read is answered. A store that keeps what it was given answers from what it holds; only
    // one that asks the model waits for the main actor, and then reports the new drink. Both are
    // needed: a correct store that awaits something before reading its own drinks lets the save in
    // first (an audit's store that slept 5 ms there was refused by the order alone).
    // The model's own actors are held with the main actor (not the store, nor what the model
    // reaches through it): a store that asked a list the model keeps in an actor of its own, off
    // the main actor, answered during the hold and passed (reasoned by helper 180, graded by
    // helper 189). They are found now, while nothing runs on what the model holds.
    let modelActors = actors(heldBy: model, outside: model.store)
    let late = Drink(name: "Lungo", milligrams: Double(CheckServices.random(in: 201...300)))
    let probe = await readBeforeTheSave(of: late, to: model, holdingToo: modelActors)
    let liveRead = !probe.answeredWhileHeld && probe.reported.contains(late)
    let whatWasHeld = modelActors.isEmpty ? "the main actor was" : "the main actor and the model's \(modelActors.map { String(describing: type(of: $0)) }.joined(separator: ", ")) were"
    report.expect(!liveRead, "asked while one more add was under way, the store answered from what it holds",
                  otherwise: "asked while one more add was under way, the store could not answer while \(whatWasHeld) held (\(Int(probe.hold / .milliseconds(1))) ms) and then reported \(late.name), the drink that add had put in the model's list: it asks the model for its live list whenever it is read (a closure, a task, a stream), or it waits longer than that hold before it reads its own drinks; report the drinks it was given, at once")
}

/// The actors `model` holds (through its properties, optionals, collections, enums and
/// existentials), not counting `store` nor anything reached only through it: where a model's
/// own list may live, off the main actor. Call it only while nothing runs on what the model holds.
@MainActor
func actors(heldBy model: CoffeeModel, outside store: DrinkStore) -> [any Actor] {
    var found: [any Actor] = []
    var seen: Set<ObjectIdentifier> = [ObjectIdentifier(store.object)]
    var pending: [Any] = Mirror(reflecting: model.object).children.map(\.value)
    var visits = 0
    while let value = pending.popLast(), visits < 100_000, found.count < 32 {
        visits += 1
        if type(of: value) is AnyClass {
            guard seen.insert(ObjectIdentifier(value as AnyObject)).inserted else { continue }
            if let actor = value as? any Actor { found.append(actor) }
        }
        var mirror: Mirror? = Mirror(reflecting: value)
        while let current = mirror {
            pending.append(contentsOf: current.children.map(\.value))
            mirror = current.superclassMirror
        }
    }
    return found
}

/// What the store reports when read after `model` began to add `drink`, the read queued on the
/// store before the add's save, and whether it answered while the main actor was held.
@MainActor
func readBeforeTheSave(of drink: Drink, to model: CoffeeModel, holdingToo modelActors: [any Actor]) async -> (
    reported: [Drink], answeredWhileHeld: Bool, hold: Duration
) {
    let begun = Gate()
    let released = Locked(false)
    let store = model.store
    // Held on a thread of the check's own (the store's turn runs on the task's preferred executor):
    // held on the pool, it took the one thread a one-CPU machine's pool has, the read below could
    // not start until the 2 s were up, and a store that asks the model passed there (CI's one-CPU
    // lane, session 57).
    let busyThread = DedicatedThreadExecutor(name: "check 14 · store held")
    let holding = Task(executorPreference: busyThread) { await keepBusy(store.object, telling: begun, until: released) }
    await begun.wait()
    // The read runs off the main actor, so that it can end while the main actor is held. Its flag
    // is set just before it is queued on the held store (the add starts after the check sees it);
    // the add's flag, on the main actor, is seen only once the add has run up to its first suspension.
    let queued = Locked(false)
    let answer = Locked<[Drink]?>(nil)
    let read = Task.detached {
        queued.withLock { $0 = true }
        let saved = await store.savedOffMain()
        answer.withLock { $0 = saved }
    }
    while !queued.withLock({ $0 }) { await Task.yield() }
    let started = Locked(false)
    let adding = Task { @MainActor in
        started.withLock { $0 = true }
        await model.add(drink)
    }
    while !started.withLock({ $0 }) { await Task.yield() }
    // Each of the model's own actors held too, each on a thread of the check's own, before the
    // store is let go: whether its list has the new drink yet or not, a store that asks it cannot
    // answer until the hold ends, and then the add's drink is in.
    let othersReleased = Locked(false)
    var others: [(task: Task<Void, Never>, thread: DedicatedThreadExecutor)] = []
    for actor in modelActors {
        let othersBegun = Gate()
        let thread = DedicatedThreadExecutor(name: "check 14 · model's actor held")
        let task = Task(executorPreference: thread) {
            await keepBusy(actor, telling: othersBegun, until: othersReleased, atMost: .seconds(15))
        }
        others.append((task, thread))
        await othersBegun.wait()
    }
    released.withLock { $0 = true }
    let (answeredWhileHeld, hold) = holdTheMainActor { answer.withLock { $0 != nil } }
    othersReleased.withLock { $0 = true }
    await read.value
    await adding.value
    await holding.value
    busyThread.stop()
    for other in others {
        await other.task.value
        other.thread.stop()
    }
    return (answer.withLock { $0 } ?? [], answeredWhileHeld, hold)
}

/// HAZARD, on purpose: keeps `actor` busy, as a long piece of its own work would, until `released`
/// (`atMost`, so a stalled check cannot hold it for ever); opens `begun` once it holds it. It
/// sleeps 1 ms between looks, so the main actor's tasks run meanwhile, even on one CPU.
func keepBusy(
    _ actor: isolated any Actor, telling begun: Gate, until released: Locked<Bool>, atMost: Duration = .seconds(2)
) {
    begun.open()
    let end = ContinuousClock.now + atMost
    while ContinuousClock.now < end, !released.withLock({ $0 }) { usleep(1_000) }
}

/// HAZARD, on purpose: holds the main actor (the caller's) until `answered`, or until the hold has
/// had 1 s of its own looks on time (10 s at most). It sleeps 1 ms between looks, and a look
/// counts for 2 ms at most however late it woke: a machine that stalls the check stalls the store
/// too, so a stall does not use up the time a store that pauses before it reads (a correct answer)
/// has to answer; a fixed 300 ms refused one there. Returns whether it was answered, and how long
/// the main actor was held.
@MainActor
func holdTheMainActor(until answered: () -> Bool) -> (answered: Bool, held: Duration) {
    let clock = ContinuousClock()
    let start = clock.now
    var credited = Duration.zero
    var last = start
    while credited < .seconds(1), clock.now - start < .seconds(10) {
        if answered() { return (true, clock.now - start) }
        usleep(1_000)
        let now = clock.now
        credited += min(now - last, .milliseconds(2))
        last = now
    }
    return (answered(), clock.now - start)
}

/// The names and caffeine figures reachable from a value through what it stores (properties,
/// optionals, collections, enums, existentials, objects): a store that keeps its drinks in any
/// shape (`[Drink]`, a dictionary, two arrays of names and figures) holds them. A closure's
/// captures and a task's result are out of sight, so a store that keeps only a way to ask holds none.
struct HeldFields {
    private(set) var names: Set<String> = []
    private(set) var figures: Set<Double> = []

    init(reachableFrom root: Any) {
        var seen: Set<ObjectIdentifier> = []
        var pending: [Any] = [root]
        var visits = 0
        while let value = pending.popLast(), visits < 100_000 {
            visits += 1
            if let name = value as? String { names.insert(name) }
            if let figure = value as? Double { figures.insert(figure) }
            if type(of: value) is AnyClass, !seen.insert(ObjectIdentifier(value as AnyObject)).inserted { continue }
            var mirror: Mirror? = Mirror(reflecting: value)
            while let current = mirror {
                pending.append(contentsOf: current.children.map(\.value))
                mirror = current.superclassMirror
            }
        }
    }

    func contains(_ drink: Drink) -> Bool { names.contains(drink.name) && figures.contains(drink.milligrams) }
}

/// The store's stored properties and their types, for the student to read: `source: Optional<Transport>`.
func storedShapes(of store: Any) -> String {
    // Not the actor's own storage (`$defaultActor`), which no answer wrote.
    let children = Mirror(reflecting: store).children.filter { $0.label?.hasPrefix("$") != true }
    guard !children.isEmpty else { return "nothing" }
    return children.map { "\($0.label ?? "_"): \(type(of: $0.value))" }.joined(separator: ", ")
}
