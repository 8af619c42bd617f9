import Testing

@testable import LabCore

/// 14's check asks whether the model and the store hold one object, however it is stored.
@Suite("The objects two values both hold")
struct SharedObjectsTests {
    actor Log { var items: [Int] = [] }
    final class List { var items: [Int] = [] }
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
        var list: List?
    }

    @Test func anActorBehindAnExistentialAnEnumOrAnArrayIsFound() async {
        let log = Log()
        let store = Store()
        await store.keep(Wrapper(held: [.none, .log(log)]))
        let model: (Log, Store) = (log, store)
        let shared = SharedObjects.held(byBoth: model, and: store, ignoring: [store])
        expectEqual(shared.map(\.typeName), ["Log"])
        expectEqual(shared.first?.isActor, true)
        expect(shared.first?.object === log)
    }

    @Test func theIgnoredObjectIsNeitherCountedNorWalkedInto() async {
        let store = Store()
        let list = List()
        // Only the store holds the list: the model reaches it through the store, which is ignored.
        let node = Node()
        node.list = list
        await store.keep(Wrapper(held: []))
        let model: (items: [Int], store: Store) = ([1, 2, 3], store)
        expect(SharedObjects.held(byBoth: model, and: store, ignoring: [store]).isEmpty)
        // Unless asked: the store itself is an object both hold.
        expectEqual(SharedObjects.held(byBoth: model, and: store).map(\.typeName), ["Store"])
    }

    @Test func aPlainClassIsFoundAndNotTakenForAnActor() {
        let list = List()
        let first = Node()
        first.list = list
        let second = Node()
        second.list = list
        let shared = SharedObjects.held(byBoth: first, and: second)
        expectEqual(shared.map(\.typeName), ["List"])
        expectEqual(shared.first?.isActor, false)
    }

    @Test func aCycleIsWalkedOnceAndDifferentObjectsOfOneTypeAreNotShared() {
        let first = Node()
        let second = Node()
        first.next = second
        second.next = first
        expectEqual(SharedObjects.reachableObjects(from: first).count, 2)
        let third = Node()
        third.log = Log()
        let fourth = Node()
        fourth.log = Log()
        expect(SharedObjects.held(byBoth: third, and: fourth).isEmpty)
    }
}
