import Testing

@testable import LabCore

/// 14's check asks whether the model and the store hold one actor, however it is stored.
@Suite("The actors two values both hold")
struct SharedActorsTests {
    actor Log { var items: [Int] = [] }
    actor Store {
        var kept: (any Sendable)?
        var items: [Int] = []
        func keep(_ value: any Sendable) { kept = value }
    }
    enum Held: Sendable {
        case none
        case log(Log)
    }
    struct Wrapper: Sendable { let held: [Held] }
    final class Node {
        var next: Node?
        var log: Log?
    }

    @Test func anActorBehindAnExistentialAnEnumOrAnArrayIsFound() async {
        let log = Log()
        let store = Store()
        await store.keep(Wrapper(held: [.none, .log(log)]))
        let model: (Log, Store) = (log, store)
        #expect(SharedActors.held(byBoth: model, and: store, ignoring: [store]) == ["Log"])
    }

    @Test func theIgnoredObjectAndCopiedValuesAreNotShared() async {
        let store = Store()
        await store.keep([1, 2, 3])
        let model: (items: [Int], store: Store) = ([1, 2, 3], store)
        #expect(SharedActors.held(byBoth: model, and: store, ignoring: [store]).isEmpty)
        // Unless asked: the store itself is an actor both hold.
        #expect(SharedActors.held(byBoth: model, and: store) == ["Store"])
    }

    @Test func aCycleIsWalkedOnceAndTwoActorsOfOneTypeAreEachNamed() {
        let first = Node()
        let second = Node()
        first.next = second
        second.next = first
        first.log = Log()
        second.log = Log()
        #expect(SharedActors.held(byBoth: first, and: second) == ["Log", "Log"])
        #expect(SharedActors.reachableActors(from: first).count == 2)
    }

    @Test func differentActorsOfOneTypeAreNotShared() {
        let first = Node()
        first.log = Log()
        let second = Node()
        second.log = Log()
        #expect(SharedActors.held(byBoth: first, and: second).isEmpty)
    }
}
