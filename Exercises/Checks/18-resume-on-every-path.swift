import LabKit
@testable import StudentCode

let plannedExpectations = 2

func runCheck(_ report: CheckReport) async {
    let working = CaffeineHealthStore(behavior: CheckServices.behavior(latency: .fixed(1)))
    report.waiting("requestAccess from a working store")
    let granted = (try? await requestAccess(to: working)) ?? false
    report.expect(granted, "a working store grants access", otherwise: "a working store should grant access")
    let failing = CaffeineHealthStore(behavior: CheckServices.behavior(latency: .fixed(1), failures: FailureInjection(rate: 1)))
    report.waiting("requestAccess from a failing store (it must throw, not wait forever)")
    do {
        _ = try await requestAccess(to: failing)
        report.fail("requestAccess returned for a failing store; it should throw")
    } catch {
        report.pass("a failing store's error was thrown")
    }
}
