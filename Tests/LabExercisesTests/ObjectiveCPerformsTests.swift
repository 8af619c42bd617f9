import Testing

@testable import LabExercises
@testable import LabSourceScan

/// 23 refuses a pick stored later by the run loop (RunLoop, Timer, CFRunLoop*: compiled mistakes
/// show those). NSObject's perform family defers the same way (NSRunLoop.h's NSDelayedPerforming,
/// NSThread.h's NSThreadPerformAdditions: "a delay of 0 … is still queued on the thread's run loop"),
/// but needs the Objective-C runtime, which Linux lacks: no mistake of it compiles here, so the scan's
/// verdict is the proof.
@Suite("23 refuses the Objective-C performs that store the pick later")
struct ObjectiveCPerformsTests {
    /// A settings screen as a Mac answer would write it: an NSObject whose `store(_:)` the perform calls.
    static func screen(calling call: String) -> String {
        """
        import Foundation
        import Synchronization

        enum GallerySettings {
            static let width = Mutex(120)
        }

        @MainActor
        final class SettingsScreen: NSObject {
            func userPicked(width: Int) {
                \(call)
            }
            @objc func store(_ width: NSNumber) {
                GallerySettings.width.withLock { $0 = width.intValue }
            }
        }
        """
    }

    func findings(_ call: String) throws -> [SourceScanner.Finding] {
        let exercise = try unwrap(TestLab.catalog.exercise(named: "23"))
        return SourceScanner.findings(in: Self.screen(calling: call), forbidden: exercise.forbidden)
    }

    @Test(arguments: [
        ("perform(#selector(store(_:)), with: NSNumber(value: width), afterDelay: 0)", "afterDelay"),
        (
            "self.perform(#selector(store(_:)), with: width as NSNumber, afterDelay: 0, inModes: [.common])",
            "afterDelay"
        ),
        // The method named, not called: its compound name still holds the label.
        (
            "let later = perform(_:with:afterDelay:)\nlater(NSSelectorFromString(\"store:\"), width as NSNumber, 0)",
            "afterDelay"
        ),
        (
            "performSelector(onMainThread: #selector(store(_:)), with: width as NSNumber, waitUntilDone: false)",
            "performSelector"
        ),
        ("performSelector(inBackground: #selector(store(_:)), with: width as NSNumber)", "performSelector"),
        // The thread as an implicit member: no `Thread` for that rule to find.
        ("perform(#selector(store(_:)), on: .main, with: width as NSNumber, waitUntilDone: false)", "waitUntilDone"),
    ])
    func eachPerformThatDefersIsRefused(call: String, name: String) throws {
        let found = try findings(call)
        expect(found.contains { $0.code.contains(name) }, "\(call): \(found)")
    }

    /// The rules are about the deferral, not about NSObject or selectors: a perform that calls the
    /// method at once (`perform(_:with:)`, a plain message send) is not refused by them.
    @Test func aPerformThatCallsAtOnceIsNotRefused() throws {
        let found = try findings("_ = perform(#selector(store(_:)), with: width as NSNumber)")
        expect(found.isEmpty, "\(found)")
    }
}
