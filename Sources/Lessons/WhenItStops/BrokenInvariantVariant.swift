import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// Reentrancy: an actor's invariant holds between its awaits, not across them.
enum BrokenInvariantVariant {
    static let buyers = 5
    static let inStock = 2

    /// The store's stock of one product: it must never sell more than it has.
    protocol Stock: Actor {
        var quantity: Int { get }
        /// Sells one unit if any is left; true when sold.
        func sell(charge: @Sendable () async -> Void) async -> Bool
    }

    /// Checks, awaits the payment, then takes the unit: the check is stale by then.
    actor CheckThenAwaitStock: Stock {
        private(set) var quantity: Int
        init(quantity: Int) { self.quantity = quantity }

        func sell(charge: @Sendable () async -> Void) async -> Bool {
            guard quantity > 0 else { return false }
            await charge()  // another sell() runs here, and finds the same unit
            quantity -= 1
            return true
        }
    }

    /// Takes the unit before the await, so no other call can see it as left.
    actor ReserveFirstStock: Stock {
        private(set) var quantity: Int
        init(quantity: Int) { self.quantity = quantity }

        func sell(charge: @Sendable () async -> Void) async -> Bool {
            guard quantity > 0 else { return false }
            quantity -= 1
            await charge()  // (a payment that can fail would give the unit back here)
            return true
        }
    }

    struct Outcome: Sendable, Equatable {
        let sold: Int
        let finalQuantity: Int
        /// The most sell() calls between their check and their end at once.
        let peakInside: Int
    }

    /// `hold` (tests): each payment waits in it, counted as in flight, before its charge, so how
    /// many calls meet at the await is the stock's doing, not how soon a busy machine started them.
    static func run(_ stock: any Stock, chargeFor charge: Duration, hold: PeakHold? = nil) async -> Outcome {
        let gauge = ConcurrencyGauge()
        let sold = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<buyers {
                group.addTask {
                    await stock.sell {
                        gauge.enter()
                        await hold?.enter()
                        try? await Task.sleep(for: charge)
                        gauge.leave()
                    }
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        return Outcome(sold: sold, finalQuantity: await stock.quantity, peakInside: gauge.peak)
    }

    static let variant = LessonVariant(
        "broken-invariant", title: "Reentrancy: an actor invariant broken across an await"
    ) { context in
        let console = context.console
        let chargeSeconds = 0.4
        console.paragraph(
            """
            The inventory's stock is an actor, so no two sell() calls run at once, and it must never \
            sell more than it has. \(buyers) buyers ask for the last \(inStock) units at the same time; \
            each sale awaits the payment service (\(context.describe(sourceSeconds: chargeSeconds))). \
            One version checks, awaits, then takes the unit; the other takes it before awaiting.
            """)
        let charge = context.scale.duration(sourceSeconds: chargeSeconds)
        let naive = await run(CheckThenAwaitStock(quantity: inStock), chargeFor: charge)
        let reserved = await run(ReserveFirstStock(quantity: inStock), chargeFor: charge)
        var table = Table(
            headers: ["sell()", "sold", "stock left", "payments in flight at once"], rightAligned: [1, 2, 3])
        table.append(["check, await, take", "\(naive.sold)", "\(naive.finalQuantity)", "\(naive.peakInside)"])
        table.append(["take, then await", "\(reserved.sold)", "\(reserved.finalQuantity)", "\(reserved.peakInside)"])
        console.table(table)
        context.record("naive_sold", "check, await, take: units sold", count: naive.sold)
        context.record("naive_final_quantity", "check, await, take: stock left", count: naive.finalQuantity)
        context.record("reserved_sold", "take, then await: units sold", count: reserved.sold)
        context.record("reserved_final_quantity", "take, then await: stock left", count: reserved.finalQuantity)
        context.recordInTable(
            Figure(
                key: "naive_peak_inside", label: "check, await, take: payments in flight at once",
                value: Double(naive.peakInside), unit: .count))
        for sentence in BrokenInvariantNarration.sentences(naive: naive, reserved: reserved, inStock: inStock) {
            console.paragraph(sentence)
        }
    }
}

/// The sentences, chosen from what each stock ended with (tested for each outcome).
enum BrokenInvariantNarration {
    static func sentences(
        naive: BrokenInvariantVariant.Outcome, reserved: BrokenInvariantVariant.Outcome, inStock: Int
    ) -> [String] {
        var lines: [String] = []
        if naive.sold > inStock {
            lines.append(
                "Check, await, take sold \(naive.sold) units of \(inStock) and left the stock at \(naive.finalQuantity): while one call awaited the payment, the actor ran the next, whose check still saw a unit left (\(naive.peakInside) payments were in flight at once). An actor runs one call at a time, but only between awaits: every await is a place where its state can change under you."
            )
        } else {
            // No oversale takes one call more than the units left meeting at the await: with two
            // units, two calls in flight at once each had one, and only a third would find none.
            let met =
                naive.peakInside <= 1
                ? "the calls happened not to overlap (one payment in flight at a time)"
                : "\(naive.peakInside) payments were in flight at once, but no more calls passed the check than there were units, so each found one of its own"
            lines.append(
                "Check, await, take sold \(naive.sold) of \(inStock) on this run: \(met). The bug is still there; it needs only \(inStock + 1) calls to meet at the await, one more than the units left."
            )
        }
        lines.append(
            reserved.sold <= inStock && reserved.finalQuantity >= 0
                ? "Take, then await sold \(reserved.sold) and left \(reserved.finalQuantity): the change is made before the suspension, so the next call's check sees it. Finish a state change before you await, or check again after it."
                : "Take, then await sold \(reserved.sold) and left \(reserved.finalQuantity): the invariant broke here too."
        )
        return lines
    }
}
