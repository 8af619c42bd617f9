import Foundation
import Testing

@testable import LabExercises
@testable import LabSourceScan

/// 14's rule: the store actor may be handed values only. A shared object made safe (an actor, a
/// main-actor class, a Sendable class, a protocol bound to them) is still one object on both sides.
@Suite("A type that takes values only is handed none of the file's references")
struct ReferencesHandedOverTests {
    let rule = ForbiddenPattern.referencesInto("Store", "values only")

    func found(_ source: String) -> [String] {
        SourceScanner.findings(in: source, forbidden: [rule]).map(\.code)
    }

    @Test(arguments: [
        ("actor Log { var items: [Int] = [] }\nactor Store { func save(_ log: Log) async {} }", "Log"),
        ("@MainActor final class Log { var items: [Int] = [] }\nactor Store { func save(_ log: Log) async {} }", "Log"),
        ("@MainActor final class Log { var items: [Int] = [] }\nactor Store { var kept: Log? }", "Log"),
        // Isolated through a superclass, or through a protocol that brings the main actor.
        ("@MainActor class Base {}\nfinal class Log: Base {}\nactor Store { func save(_ log: Log) async {} }", "Log"),
        (
            "@MainActor protocol Shown {}\nfinal class Log: Shown {}\nactor Store { func save(_ log: Log) async {} }",
            "Log"
        ),
        // An alias is read as what it names.
        ("actor Log {}\ntypealias L = Log\nactor Store { func save(_ log: L) {} }", "L"),
        ("typealias Reader = @Sendable () async -> [Int]\nactor Store { var read: Reader? }", "Reader"),
        // In an extension of the store, and in a type nested in it.
        ("actor Log {}\nactor Store {}\nextension Store { func save(_ log: Log) {} }", "Log"),
        ("actor Log {}\nactor Store { struct Box { let log: Log } }", "Box"),
        // A protocol bound to actors, or adopted by a shared class, hands over the object too.
        ("protocol Source: Actor {}\nactor Store { func save(_ s: any Source) {} }", "Source"),
        (
            "protocol Source { var items: [Int] { get } }\n@MainActor final class Log: Source { var items: [Int] = [] }\n"
                + "actor Store { func save(_ s: any Source) async {} }", "Source"
        ),
        ("protocol A: AnyObject {}\nprotocol B: A {}\nactor Store { func save(_ b: any B) {} }", "B"),
        // A protocol the actor adopts in an extension.
        (
            "protocol Source {}\nactor Log {}\nextension Log: Source {}\nactor Store { func save(_ s: any Source) {} }",
            "Source"
        ),
        // A function handed over reads the shared object whenever it runs, and a main-actor one says so.
        ("actor Store { var read: (@Sendable () async -> [Int])? }", "->"),
        ("actor Store { func save(_ read: @escaping @MainActor @Sendable () -> [Int]) {} }", "MainActor"),
        // An escaping function parameter is kept.
        ("actor Store { func save(_ read: @escaping @Sendable () async -> [Int]) {} }", "->"),
        // A wrapper that stores a shared object hands it over with itself.
        ("actor Log {}\nstruct Box: Sendable { let log: Log }\nactor Store { var kept: Box? }", "Box"),
        ("actor Log {}\nfinal class Box: Sendable { let log = Log() }\nactor Store { func save(_ b: Box) {} }", "Box"),
        ("actor Log {}\nenum Held: Sendable { case log(Log) }\nactor Store { func save(_ h: Held) {} }", "Held"),
        // A nested type's path is judged by its last part.
        ("actor Log { actor Inner {} }\nactor Store { func save(_ i: Log.Inner) {} }", "Inner"),
        // A holder of any object, or a feed that reads one at each element (an audit's answers: an
        // actor log kept as `any Sendable` or `any Actor`, `AsyncStream(unfolding:)` over the model).
        ("actor Store { var source: (any Sendable)? }", "Sendable"),
        ("actor Store { func save(_ s: some Sendable) {} }", "Sendable"),
        ("actor Store { var source: (any Actor)? }", "Actor"),
        ("actor Store { var kept: AnyObject? }", "AnyObject"),
        ("actor Store { var feed: AsyncStream<[Int]>? }", "AsyncStream"),
        ("actor Store { func save(_ feed: Observations<[Int], Never>) {} }", "Observations"),
        // A store generic over what it keeps can be handed anything (an audit's kept a main-actor log).
        ("actor Store<Source: Sendable> { var source: Source? }", "Source"),
        ("actor Log {}\nactor Store<Source> where Source: Log { var source: Source? }", "Source"),
        ("actor Store { var kept: (any Sendable)?\n func save<S: Sendable>(_ s: S) { kept = s } }", "Sendable"),
        // A generic wrapper that stores its parameter, and a protocol only it adopts.
        (
            "struct Box<Value: Sendable>: Sendable { let value: Value }\nprotocol Source: Sendable {}\n"
                + "extension Box: Source {}\nactor Store { var kept: (any Source)? }", "Source"
        ),
        ("actor Store { var notify: (@MainActor () -> [Int])? }", "MainActor"),
        ("struct Box: Sendable { let source: any Sendable }\nactor Store { var kept: Box? }", "Box"),
        // A wrapper that stores a function (an audit's `struct DrinkLog { let read: … -> [Drink] }`),
        // also one with a default a memberwise initializer can replace.
        ("struct Box: Sendable { let read: @Sendable () async -> [Int] }\nactor Store { var kept: Box? }", "Box"),
        ("struct Box { var read: () -> [Int] = { [] } }\nactor Store { func save(_ b: Box) {} }", "Box"),
        // A function that returns nothing still hands data over if it throws, takes `inout`, or takes a function.
        ("actor Store { var read: (@Sendable () throws -> Void)? }", "->"),
        ("actor Store { var fill: (@Sendable (inout [Int]) -> Void)? }", "->"),
        ("actor Store { var ask: (@Sendable (@escaping ([Int]) -> Void) -> Void)? }", "->"),
        ("actor Store { var read: (@Sendable () -> () -> [Int])? }", "->"),
        // An actor the store makes is its own only where no one else can reach or replace it.
        ("actor Shelf {}\nactor Store {\n let shelf = Shelf()\n}", "Shelf"),
        ("actor Shelf {}\nactor Store {\n private var shelf = Shelf()\n}", "Shelf"),
        ("actor Log {}\nlet log = Log()\nactor Store {\n private let shelf: Log = log\n}", "Log"),
        ("actor Shelf { init(_ n: Int) {} }\nactor Store {\n private let shelf = Shelf(1)\n}", "Shelf"),
        ("actor Shelf {}\nactor Store {\n private let shelf = Shelf()\n func lend() -> Shelf { shelf } }", "Shelf"),
    ])
    func aSharedReferenceInTheStoreIsFound(source: String, name: String) {
        expect(found(source).contains("`\(name)` in Store"), "\(source)")
    }

    @Test(arguments: [
        // Values: a struct, an array, a snapshot made from a shared class outside the store.
        "struct Log: Sendable { var items: [Int] = [] }\nactor Store { func save(_ log: Log) {} }",
        "@MainActor final class Log { var items: [Int] = [] }\nactor Store { func save(_ items: [Int]) {} }",
        "@MainActor final class Log {}\nstruct Snapshot: Sendable { let items: [Int] }\nactor Store { func save(_ s: Snapshot) {} }",
        // A plain class is the compiler's to refuse (the lesson of a "make it compile" exercise),
        // and a checked Sendable class holds constants only.
        "final class Log: Sendable { let items: [Int] = [] }\nactor Store { func save(_ log: Log) {} }",
        "final class Log { var items: [Int] = [] }\nactor Store { func save(_ log: Log) {} }",
        "@available(macOS 15, *) final class Log {}\nactor Store { func save(_ log: Log) {} }",
        // The store naming itself, a member spelled like a class, and references outside the store.
        "actor Store { static let shared = Store() }",
        "actor Log {}\nactor Store { func save(_ s: Int) { _ = s.Log } }",
        "actor Log {}\n@MainActor final class Model { let log = Log() }\nactor Store {}",
        // A value nested in a shared class, a declaration's return arrow, a closure written in the store.
        "@MainActor final class Log { struct Snapshot: Sendable { let items: [Int] } }\nactor Store { func save(_ s: Log.Snapshot) {} }",
        "actor Store { func count(_ items: [Int]) async throws -> Int { items.sorted { (a, b) -> Bool in a < b }.count } }",
        "actor Store { init(items: [Int]) {}\n subscript(i: Int) -> Int { i }\n func f<T>(_ t: T) -> T { t } }",
        // A closure written in the store, a typed throw's return arrow, a predicate used during the call.
        "actor Store { func total(_ items: [Double]) -> Double { items.reduce(0) { sum, item -> Double in sum + item } } }",
        "enum StoreError: Error { case full }\nactor Store { func count() throws(StoreError) -> Int { 0 } }",
        "actor Store { func save(_ items: [Int], keeping: (Int) -> Bool) { _ = items.filter(keeping) } }",
        // A struct whose method takes a shared object, storing only values.
        "actor Log {}\nstruct Snapshot: Sendable { let items: [Int]\n static func of(_ log: Log) async -> Snapshot { Snapshot(items: []) } }\nactor Store { func save(_ s: Snapshot) {} }",
        // The store's own constant function, and an observer it only tells (an audit's false refusals).
        "actor Store { private let order: @Sendable (Int, Int) -> Bool = { $0 < $1 } }",
        "actor Store { private var onSave: (@Sendable ([Int]) -> Void)?\n func observe(_ o: @escaping @Sendable ([Int]) -> Void) { onSave = o } }",
        "struct Rule: Sendable { let order: @Sendable (Int, Int) -> Bool = { $0 < $1 } }\nactor Store { func save(_ r: Rule) {} }",
        // `Sendable` as a nested value's conformance or a closure's attribute, and a protocol that refines it.
        "actor Store { struct Entry: Sendable { let n: Int }\n var entries: [Entry] = [] }",
        "actor Store { func each(_ body: @Sendable (Int) -> Void) {} }",
        "protocol Source: Sendable { var items: [Int] { get } }\nstruct Log: Source { var items: [Int] }\nactor Store { func save(_ s: any Source) {} }",
        "final class Log: Sendable { let items: [Int] = [] }\nactor Store { var kept: Log? }",
        // An observer on the main actor, a stream the store makes and yields to, a value's extra bound.
        "actor Store { private var onSave: (@MainActor @Sendable ([Int]) -> Void)? }",
        "actor Store { private var out: AsyncStream<[Int]>.Continuation?\n func updates() -> AsyncStream<[Int]> {\n let (s, c) = AsyncStream.makeStream(of: [Int].self)\n out = c\n return s } }",
        "actor Store { func save(_ items: some Collection<Int> & Sendable) {} }",
        "struct Pair<Value> { let a: Int }\nactor Store { func save(_ p: Pair<Int>) {} }",
        // An actor the store makes itself and keeps private (an audit's store kept its drinks there).
        "actor Shelf {}\nactor Store {\n private let shelf = Shelf()\n}",
        "actor Shelf {}\nactor Store {\n private let shelf: Shelf = .init()\n}",
    ])
    func valuesAndPlainClassesAreNotFound(source: String) {
        expect(found(source).isEmpty, "\(source)")
    }

    /// The seeds of a helper that blocks, among Apple's entries: each is in the list by that name.
    @Test func theWaitsMarkedUnavailableAreTheListsEntries() throws {
        let list = try AsyncRestriction.load(from: TestLab.root.appendingPathComponent("docs/async-restrictions.json"))
        let unavailable = Set(list.filter { $0.kind == .unavailableFromAsync }.map(\.api))
        expect(BlockingHelpers.waitsMarkedUnavailable.subtracting(unavailable).isEmpty)
    }

    @Test func anUnstructuredTaskIsFoundHoweverItIsSpelled() {
        let patterns = ForbiddenPattern.unstructured("structure")
        for code in ["let t = Task { 1 }", "Task(priority: .high) {}", "Task<Int, Never> { 1 }", "Task.init { }"] {
            expect(!SourceScanner.violations(in: code, forbidden: patterns).isEmpty, "\(code)")
        }
        for code in ["group.addTask { 1 }", "try Task.checkCancellation()", "if Task.isCancelled {}"] {
            expect(SourceScanner.violations(in: code, forbidden: patterns).isEmpty, "\(code)")
        }
    }

    @Test func theRuleIsReadFromTheExercisesMetadata() throws {
        let exercise = try unwrap(TestLab.catalog.exercise(named: "14"))
        expect(exercise.forbidden.contains { $0.shape == .referenceInto("DrinkStore") })
    }
}
