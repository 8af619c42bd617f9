import Foundation
import LabSourceScan
import Testing

@testable import LabExercises

/// The audit's operator hijack (finding 2): the check imports the answer's module, so a
/// top-level `func >= (lhs: Duration, rhs: Duration) -> Bool { true }` would win over the
/// standard library's generic `>=` in the check's own comparisons. Every declaration that
/// changes what the check's expressions mean without the check naming it is refused.
@Suite("An answer cannot change what the check's expressions mean")
struct CheckMeaningTests {
    let grader = Grader(root: TestLab.root, exercise: TestLab.catalog.exercise(named: "01")!)

    static let solutionBody = """
        import Foundation
        import LabCore
        func takesTooLong(_ work: SimulatedWork) async -> Date {
            try? await work.suspend(sourceSeconds: 5)
            return Date()
        }

        """

    @Test(arguments: [
        ("func >= (lhs: Duration, rhs: Duration) -> Bool { true }", "`func >=`"),
        ("func == <T>(lhs: [T], rhs: [T]) -> Bool { true }", "`func =="),
        ("prefix func ! (value: Bool) -> Bool { value }", "`func !`"),
        ("infix operator >= : AdditionPrecedence", "`operator >=`"),
        ("precedencegroup Loose { associativity: left }", "`precedencegroup Loose`"),
        ("typealias IntegerLiteralType = Double", "`typealias IntegerLiteralType`"),
        ("typealias BooleanLiteralType = MyBool\nstruct MyBool {}", "`typealias BooleanLiteralType`"),
        // Inside the answer's own type, a static operator that takes another type: the check's
        // `elapsed >= .milliseconds(180)` would find it and pick it over the generic one.
        (
            "struct Evil {\n static func milliseconds(_ n: Int) -> Evil { Evil() }\n"
                + " static func >= (lhs: Duration, rhs: Evil) -> Bool { true }\n}", "`func >=`"
        ),
        ("typealias Mine = Duration\nfunc >= (lhs: Mine, rhs: Mine) -> Bool { true }", "`func >=`"),
        // A nested type of the same name leaves file scope's `Duration` the standard library's.
        ("enum Box { struct Duration {} }\nfunc >= (lhs: Duration, rhs: Duration) -> Bool { true }", "`func >=`"),
        ("struct T {}\nfunc >= <T: DurationProtocol>(lhs: T, rhs: T) -> Bool { true }", "`func >="),
        ("struct Mine {}\nextension Mine {\n static func == (lhs: Int, rhs: Mine) -> Bool { true }\n}", "`func ==`"),
        // In an extension, a last name is looked up at file scope, where it is an alias of Duration.
        (
            "enum Outer { struct Inner {} }\ntypealias Inner = Duration\n"
                + "extension Outer.Inner {\n static func >= (lhs: Inner, rhs: Inner) -> Bool { true }\n}", "`func >=`"
        ),
        // A member alias of the type's own name is found before the type.
        (
            "enum Outer { struct Inner {\n typealias Inner = Duration\n"
                + " static func >= (lhs: Self, rhs: Inner) -> Bool { true }\n} }", "`func >=`"
        ),
        ("enum Outer { struct Inner {\n static func >= (lhs: Inner, rhs: Duration) -> Bool { true }\n} }", "`func >=`"),
    ])
    func aDeclarationThatChangesTheChecksMeaningIsRefused(declaration: String, code: String) {
        let findings = grader.review(Self.solutionBody + declaration)
        expect(findings.contains { $0.code.hasPrefix(code) }, "\(declaration): \(findings)")
        expect(findings.allSatisfy { !$0.description.contains("\n") }, "one line each")
    }

    /// An operator all of whose parameters are the answer's own types cannot reach a comparison of
    /// the check's values: accepted, in its type or at file scope.
    @Test func anOperatorOfTheAnswersOwnTypeIsAccepted() {
        let own = """
            struct Reading: Comparable {
                let value: Int
                static func < (lhs: Reading, rhs: Reading) -> Bool { lhs.value < rhs.value }
            }
            """
        expect(grader.review(Self.solutionBody + own).isEmpty)
        // The older way to be Equatable: at file scope, but only of the answer's own type.
        let fileScope = """
            struct Photo: Equatable { let id: Int }
            func == (lhs: Photo, rhs: Photo) -> Bool { lhs.id == rhs.id }
            prefix func - (value: Photo) -> Photo { Photo(id: -value.id) }
            """
        expect(grader.review(Self.solutionBody + fileScope).isEmpty)
        // A nested type's own operator, its parameters spelled by the type's last name.
        let nested = """
            enum Album {
                struct Photo: Equatable {
                    let id: Int
                    static func == (lhs: Photo, rhs: Photo) -> Bool { lhs.id == rhs.id }
                }
            }
            extension Album.Photo: Comparable {
                static func < (lhs: Self, rhs: Album.Photo) -> Bool { lhs.id < rhs.id }
            }
            """
        expect(grader.review(Self.solutionBody + nested).isEmpty, "\(grader.review(Self.solutionBody + nested))")
    }

    /// The audit's answer, graded as `lab check` grades it: refused by the scan, never built.
    @Test func theAuditsOperatorHijackIsRefused() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-operator-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let answer = folder.appendingPathComponent(grader.exercise.fileName)
        let hijack = """
            import Foundation
            import LabCore
            func takesTooLong(_ work: SimulatedWork) async -> Date { return Date() }
            func >= (lhs: Duration, rhs: Duration) -> Bool { true }
            """
        try Data(hijack.utf8).write(to: answer)
        let outcome = await BatchGrading(root: TestLab.root).grade([
            BatchGrading.Answer(exercise: grader.exercise, source: answer)
        ])[0]
        expect(!outcome.passed)
        expect(outcome.stage == .forbidden && outcome.messages.first?.contains("`func >=`") == true, "\(outcome)")
    }
}
