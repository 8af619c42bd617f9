import Foundation
import LabConsole
import LabCore
import LabScenarios
import LessonKit

/// The completion-handler API that callers already use, through their protocol.
protocol DrinkSaving: Sendable {
    func save(_ drink: Drink, completion: @escaping @Sendable (Bool) -> Void)
}

/// Coffee Tracker's HealthKit controller after the session's refactor: the async
/// function is the real one; the completion-handler version stays for old callers,
/// deprecated, and simply calls it.
final class CoffeeHealthController: DrinkSaving {
    let store: CaffeineHealthStore

    init(store: CaffeineHealthStore) { self.store = store }

    func save(_ drink: Drink) async throws {
        try await store.save(CaffeineSample(milligrams: drink.milligrams, date: drink.date))
    }

    @available(*, deprecated, message: "Use the async save(_:) instead")
    func save(_ drink: Drink, completion: @escaping @Sendable (Bool) -> Void) {
        Task {
            do {
                try await save(drink)
                completion(true)
            } catch {
                completion(false)
            }
        }
    }
}

enum AsyncAlternativeVariant {
    static let variant = LessonVariant(
        "async-alternative", title: "An async alternative beside a deprecated completion-handler shim"
    ) { context in
        let console = context.console
        let diagnostic = CompilerDiagnostics.deprecatedCompletionShim
        console.paragraph(
            """
            The session writes async versions of HealthKitController's functions and keeps the old \
            completion-handler versions as thin wrappers over them, marked deprecated. New code \
            awaits; old code keeps compiling, and a direct call now warns:
            """)
        console.say(console.terminal.paint("  warning: \(diagnostic.message)", .yellow))
        let store = CaffeineHealthStore(behavior: context.behavior(latency: .jitter(base: 0.5, spread: 0.2)))
        _ = try await store.requestAuthorization()
        let controller = CoffeeHealthController(store: store)
        try await controller.save(Drink(name: "Espresso", milligrams: 64, date: Date()))
        console.output("new code: try await controller.save(espresso) returned")
        let legacy: any DrinkSaving = controller
        let saved: Bool = await withCheckedContinuation { done in
            legacy.save(Drink(name: "Latte", milligrams: 128, date: Date())) { saved in done.resume(returning: saved) }
        }
        console.output("old code: controller.save(latte) { saved in … } called back with saved = \(saved)")
        let count = try await store.queryCaffeine(since: nil).added.count
        context.record("samples_saved", "samples in the store", count: count)
        context.record("legacy_saved", "the shim reported success", flag: saved)
        console.paragraph(
            """
            Both paths saved: \(count) samples. There is one implementation, the async one; the \
            shim adds only a Task and a callback, and can be deleted once no caller needs it.
            """)
    }
}
