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

    /// A parameter's or a loop's name is bound in its body, on any line of it, and a declared
    /// parameter's external label is never looked up; outside the body (a default value, another
    /// function, a call's trailing closure) the name is the file scope's.
    @Test func parametersAndLoopsBindTheirNamesInTheirBodies() {
        let source = """
            func first(of count: Int, _ report: Report, limit: Int = limit) { print(count, report, limit) }
            func second() {
                print(count, report, limit)
                for rover in rovers { print(rover) }
                print(rover)
                for (index, photo) in photos.enumerated() { print(index, photo) }
                for try await line in lines { print(line) }
                do { try f() } catch { print(error) }
                print(error)
                let mapped = items.map { item in item }
                let pairs = items.map { (key: Int, value) in (key, value) }
                let named = items.map { [weak self] thing in thing }
                print(item, key, value, thing)
                Thing.init(label: 1) { print(label) }
            }
            protocol Requirement { func required(needed: Int) }
            func after() { print(needed) }
            """
        let tokens = SwiftTokenizer.tokens(of: source)
        let positions = NotLookedUp.positions(in: tokens)
        func lines(_ name: String) -> [Int] {
            tokens.indices.filter { tokens[$0].text == name && !positions.contains($0) }.map { tokens[$0].line }
        }
        #expect(lines("of") == [])
        #expect(lines("count") == [3])
        #expect(lines("report") == [3])
        // The default value's `limit` is the file scope's, as is the use in `second`.
        #expect(lines("limit") == [1, 3])
        #expect(lines("rover") == [5])
        #expect(lines("rovers") == [4])
        #expect(lines("index") == [])
        #expect(lines("photo") == [])
        #expect(lines("line") == [])
        #expect(lines("error") == [9])
        #expect(lines("item") == [13])
        #expect(lines("key") == [13])
        #expect(lines("value") == [13])
        #expect(lines("thing") == [13])
        // A call's arguments bind nothing in its trailing closure; `label:` is a label all the same.
        #expect(lines("label") == [14])
        // A requirement has no body: the next function's `needed` is the file scope's.
        #expect(lines("needed") == [17])
    }

    /// Freed by the reading above: a check's parameter names. An answer's file-scope `report`,
    /// `rover` or `thumbnail` (names its check binds as parameters) is not refused for them.
    @Test func aChecksParameterNameMayBeDeclared() throws {
        let exercise = try #require(TestLab.exercises.first { $0.id.hasPrefix("05-") })
        let grader = Grader(root: TestLab.root, exercise: exercise)
        let names = grader.reviewNames(sources: try grader.checkSources())
        #expect(!names.reserved.contains("report"))
        #expect(!names.reserved.contains("rover"))
        #expect(names.reserved.contains("runCheck"))
        let solution = try String(contentsOf: TestLab.folder(exercise).solution, encoding: .utf8)
        let declaring = grader.review(solution + "\nlet rover = 1\nfunc report() {}\n", names: names)
        #expect(declaring.isEmpty, "\(declaring)")
    }
}
