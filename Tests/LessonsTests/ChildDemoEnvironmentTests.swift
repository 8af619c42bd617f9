import Testing

@testable import LessonKit

/// A child demo that crashes on purpose is explained by the runtime's "Fatal error" line, not
/// by a backtracer process (which took about 0.9 s per crash, and in sanitized runs was at
/// times left sleeping with no parent).
@Suite("Child demos: the environment they start with")
struct ChildDemoEnvironmentTests {
    @Test func theBacktracerIsOffAndTheDemoNamedUnlessTheCallerSaysOtherwise() {
        let plain = ChildDemo.childEnvironment("demo", [:])
        #expect(plain["SWIFT_BACKTRACE"] == "enable=no")
        #expect(plain[ChildDemo.environmentKey] == "demo")
        let asked = ChildDemo.childEnvironment("demo", ["SWIFT_BACKTRACE": "enable=yes"])
        #expect(asked["SWIFT_BACKTRACE"] == "enable=yes")
    }
}
