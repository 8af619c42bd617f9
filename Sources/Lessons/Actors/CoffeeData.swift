import Foundation
import LabCore
import LabScenarios

/// A drink in Coffee Tracker: caffeine and when it was drunk. A value type, so
/// actors can pass copies of drink lists to each other.
public struct Drink: Sendable, Codable, Equatable {
    public let name: String
    public let milligrams: Double
    public let date: Date
}

/// Coffee Tracker's `HealthKitController`, made an actor: it owns the store and
/// the anchor, and wraps the completion-handler API in async calls.
actor HealthKitController {
    private let store: CaffeineHealthStore
    private(set) var isAuthorized = false

    init(store: CaffeineHealthStore) { self.store = store }

    func requestAuthorization() async -> Bool {
        isAuthorized = await withCheckedContinuation { continuation in
            store.requestAuthorization { granted, _ in continuation.resume(returning: granted) }
        }
        return isAuthorized
    }

    /// The completion-handler API kept for old callers, over the async version. It must be
    /// `nonisolated`: old callers are synchronous and cannot `await` into the actor. (The
    /// session also marks it deprecated; the lab's own copy is not, so that calling it here
    /// does not warn: `CompilerDiagnostics.actorShimNonisolated` shows the warning callers get.)
    nonisolated func requestAuthorization(completionHandler: @escaping @Sendable (Bool, Isolation) -> Void) {
        Task { completionHandler(await self.requestAuthorization(), Isolation.current()) }
    }

    func save(_ drink: Drink) async throws {
        let sample = CaffeineSample(milligrams: drink.milligrams, date: drink.date)
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            store.save(sample) { saved, error in
                if saved {
                    continuation.resume()
                } else {
                    continuation.resume(throwing: error ?? HealthStoreError.notAuthorized)
                }
            }
        }
    }
}

/// Coffee Tracker's private `CoffeeDataStore` actor: saves and loads the drinks
/// it is *given*, and skips saving when nothing changed since the last save.
actor CoffeeDataStore {
    private var savedValue: [Drink] = []
    private(set) var saves = 0
    private(set) var skippedSaves = 0

    func save(_ currentDrinks: [Drink]) {
        guard currentDrinks != savedValue else {
            skippedSaves += 1
            return
        }
        savedValue = currentDrinks
        saves += 1
    }

    func load() -> [Drink] { savedValue }
}

/// Coffee Tracker's model, on the main actor like the views that show it.
@MainActor
final class CoffeeData {
    private(set) var currentDrinks: [Drink] = []
    private let store = CoffeeDataStore()
    let healthKit: HealthKitController

    init(healthKit: HealthKitController) { self.healthKit = healthKit }

    /// The talk's rule: mutate, then save, with no `await` between reading
    /// `currentDrinks` and writing it back.
    func addDrink(_ drink: Drink) async {
        currentDrinks.append(drink)
        await drinksUpdated()
        try? await healthKit.save(drink)
    }

    /// Breaks the rule: copies the list, awaits HealthKit, then writes the copy back.
    /// Another addDrink that ran during the `await` is overwritten.
    func addDrinkCopyingAcrossAwait(_ drink: Drink) async {
        var drinks = currentDrinks
        drinks.append(drink)
        try? await healthKit.save(drink)  // suspension: other calls run here
        currentDrinks = drinks
        await drinksUpdated()
    }

    /// Passes a copy of the drinks to the store actor: a value, not shared state.
    func drinksUpdated() async {
        await store.save(currentDrinks)
    }

    var storeCounts: (saves: Int, skipped: Int) {
        get async { (await store.saves, await store.skippedSaves) }
    }
}
