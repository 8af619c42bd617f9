import Foundation
import Testing

@testable import LabExercises
@testable import LabSourceScan

/// A check's argument labels and `#if` words are not names it looks up, so an answer may
/// declare them; what the check does look up stays reserved.
@Suite("Names a check never looks up are not reserved")
struct NotLookedUpTests {
    func notLookedUp(_ source: String) -> [String] {
        let tokens = SwiftTokenizer.tokens(of: source)
        return NotLookedUp.positions(in: tokens).sorted().map { tokens[$0].text }
    }

    @Test func labelsAndConditionWordsAreFound() {
        #expect(notLookedUp("poll(every: a, otherwise: b)") == ["every", "otherwise"])
        #expect(notLookedUp("let t = (count: 1, name: x)") == ["count", "name"])
        #expect(notLookedUp("f(\n    first: a,\n    second: b\n)") == ["first", "second"])
        #expect(notLookedUp("#if os(Linux)\nlet a = b\n#endif") == ["if", "os", "Linux"])
    }

    /// The same shapes where a name is looked up: a dictionary's key, a ternary's value, a
    /// label's value, a call's first argument.
    @Test func keysValuesAndArgumentsAreNot() {
        #expect(notLookedUp("let d = [key: 1, other: 2]").isEmpty)
        #expect(notLookedUp("f(flag ? yes : no)").isEmpty)
        #expect(notLookedUp("f(x, flag ? yes : no)").isEmpty)
        #expect(notLookedUp("f([key: value])").isEmpty)
        #expect(notLookedUp("f(a: b)") == ["a"])
        #expect(notLookedUp("f(value)\nlet x = value").isEmpty)
    }

    /// 30's check passes `timeBudget:` as a label only, and looks up `runCheck`: an answer's
    /// file-scope `timeBudget` passes the review, its `runCheck` does not. 09's `clock` is a
    /// local of its check's.
    @Test func aLabelOfTheChecksMayBeDeclaredAndALookupMayNot() throws {
        let exercise = try #require(TestLab.exercises.first { $0.id.hasPrefix("30-") })
        let grader = Grader(root: TestLab.root, exercise: exercise)
        let names = grader.reviewNames(sources: try grader.checkSources())
        #expect(!names.reserved.contains("timeBudget"))
        #expect(names.reserved.contains("runCheck"))
        let solution = try String(contentsOf: TestLab.folder(exercise).solution, encoding: .utf8)
        let labelled = grader.review(solution + "\nlet timeBudget = 2\n", names: names)
        #expect(labelled.isEmpty, "\(labelled)")
        let shadowing = grader.review(solution + "\nfunc runCheck() {}\n", names: names)
        #expect(shadowing.contains { $0.code == "`func runCheck`" }, "\(shadowing)")
        let cancelling = try #require(TestLab.exercises.first { $0.id.hasPrefix("09-") })
        let cancellingGrader = Grader(root: TestLab.root, exercise: cancelling)
        #expect(!cancellingGrader.reviewNames(sources: try cancellingGrader.checkSources()).reserved.contains("clock"))
    }
    /// A local of the check's (or a type's property) hides a file-scope name while its block is
    /// open; in another function, or on the line that binds it (`if let a = a`), the name is the
    /// file scope's.
    @Test func aNameBoundInAnOpenBlockIsNotLookedUpThere() {
        let source = """
            func first() {
                let clock = 1
                print(clock)
            }
            func second() {
                print(clock)
            }
            struct S {
                var count = 0
                func f() -> Int {
                    count
                }
            }
            func third() {
                if let value = value {
                    print(value)
                }
            }
            """
        let tokens = SwiftTokenizer.tokens(of: source)
        let positions = NotLookedUp.positions(in: tokens)
        func lines(_ name: String) -> [Int] {
            tokens.indices.filter { tokens[$0].text == name && !positions.contains($0) }.map { tokens[$0].line }
        }
        #expect(lines("clock") == [6])
        #expect(lines("count") == [])
        #expect(lines("value") == [15])
    }
}
