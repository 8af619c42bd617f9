import Foundation
import LabConsole
import LabCore
import LabScenarios
import LessonKit

/// Coffee Tracker's actors, and the "mutate then write back before any await" rule.
enum CoffeeTrackerVariant {
    static let drinks: [(String, Double)] = [
        ("Espresso", 64), ("Latte", 128), ("Cold brew", 155), ("Drip coffee", 95), ("Cortado", 85),
    ]

    static let variant = LessonVariant(
        "coffee-tracker", title: "Coffee Tracker: HealthKitController and CoffeeDataStore as actors"
    ) { context in
        let console = context.console
        console.paragraph(
            """
            In the WWDC session, Coffee Tracker's HealthKitController becomes an actor, the model \
            moves to the main actor, and saving moves to a private CoffeeDataStore actor that is \
            *passed* the current drinks. The session warns: take the copy, mutate it and write it \
            back before any `await`, or another update can slip in. We tap five drinks at once, \
            both ways. (HealthKit is a stand-in that calls back on a background queue.)
            """)
        var table = Table(headers: ["addDrink", "drinks tapped", "drinks kept", "lost"], rightAligned: [1, 2, 3])
        for (key, title) in [("rule", "mutates, then awaits"), ("copy", "copies across an await")] {
            let healthStore = CaffeineHealthStore(behavior: context.behavior(latency: .jitter(base: 0.5, spread: 0.2)))
            let healthKit = HealthKitController(store: healthStore)
            _ = await healthKit.requestAuthorization()
            let model = CoffeeData(healthKit: healthKit)
            // Five taps on "Add drink", each starting a task from the button, as the app does.
            let taps = drinks.map { name, milligrams in
                let drink = Drink(name: name, milligrams: milligrams, date: Date())
                return Task {
                    if key == "rule" {
                        await model.addDrink(drink)
                    } else {
                        await model.addDrinkCopyingAcrossAwait(drink)
                    }
                }
            }
            for tap in taps { await tap.value }
            let kept = model.currentDrinks.count
            table.append([title, "\(drinks.count)", "\(kept)", "\(drinks.count - kept)"])
            context.record("\(key)_kept", "\(title): drinks kept", count: kept)
            if key == "rule" {
                let counts = await model.storeCounts
                context.record("store_saves", "CoffeeDataStore saves", count: counts.saves)
                context.record("store_skipped", "CoffeeDataStore saves skipped (no change)", count: counts.skipped)
                context.record(
                    "healthkit_saves", "samples saved to the health store", count: healthStore.meter.stats.completed - 1
                )
            }
        }
        console.table(table)
        let ruleKept = Int(context.figure("rule_kept")?.value ?? 0)
        let copyKept = Int(context.figure("copy_kept")?.value ?? 0)
        console.paragraph(narration(tapped: drinks.count, ruleKept: ruleKept, copyKept: copyKept))
        let captured = CompilerDiagnostics.capturedVarInTask
        // Told as the session tells it (MainActor.run, a capture list, then `let`), and what this
        // toolchain says of each shape: both are compiled by CompilerDiagnosticsTests.
        console.paragraph(
            """
            In the session, loadNewDataFromHealthKit() reads a local `var newDrinks` inside \
            `await MainActor.run { … }` and gets an error about a captured var. Swift 6 accepts that \
            exact code: the closure is the var's last use, so nothing can change it behind the \
            closure's back. It still refuses a closure that runs while the function goes on changing \
            the var, as a Task here does:
            """)
        console.say(console.terminal.paint("  error: \(captured.message)", .red))
        console.paragraph(
            """
            The session's fixes hold for both: a capture list, `{ [newDrinks] in … }`, copies the \
            value into the closure; the one it prefers is `let newDrinks`, set in both branches of an \
            `if`, which leaves nothing mutable to capture.
            """)
    }

    /// The comparison, from the counts this run kept.
    static func narration(tapped: Int, ruleKept: Int, copyKept: Int) -> String {
        let rule =
            ruleKept == tapped
            ? "Mutating first kept all \(tapped) drinks."
            : "Mutating first kept \(ruleKept) of \(tapped) drinks (expected all: please report this run)."
        let copy =
            copyKept >= tapped
            ? "Copying across the `await` kept all \(tapped) this time: the calls happened not to overlap, which is luck, not a fix."
            : copyKept <= 1
                ? "Copying across the `await` kept \(copyKept): every call copied the list before any of them wrote back, and the last write won."
                : "Copying across the `await` kept \(copyKept) of \(tapped): a call that copied the list before another wrote back lost that write, and the last write won."
        return rule + " " + copy
            + " Both versions compile without a warning — the main actor protects each line, not a sequence of lines across an `await`."
    }
}
