// alternative: the store publishes what it saved through a stream it makes itself (AsyncStream.makeStream)
import LabCore

struct DrinkLog: Sendable {
    var drinks: [Drink] = []
}

actor DrinkStore {
    private(set) var saved: [Drink] = []
    private var listeners: [AsyncStream<[Drink]>.Continuation] = []

    func updates() -> AsyncStream<[Drink]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [Drink].self)
        listeners.append(continuation)
        continuation.yield(saved)
        return stream
    }

    func save(_ log: DrinkLog) {
        saved = log.drinks
        for listener in listeners { listener.yield(saved) }
    }
}

@MainActor
final class CoffeeModel {
    var log = DrinkLog()
    let store = DrinkStore()

    func add(_ drink: Drink) async {
        log.drinks.append(drink)
        await store.save(log)
    }
}
