import Testing

@testable import LabCore

/// The functions in Tests/Shared/Expectations.swift, which every test module calls instead of
/// writing `#expect` at each line: each records the issue the macro would (a failed expectation),
/// at the caller's line with the caller's comment, and `require` and `unwrap` stop the test.
@Suite("expect, expectEqual, require and unwrap")
struct ExpectationsTests {
    /// A failed expectation recorded at `line` of this file with exactly `comments`.
    static func isFailedExpectation(_ issue: Issue, at line: Int, comments: [String]) -> Bool {
        guard case .expectationFailed = issue.kind else { return false }
        return issue.sourceLocation?.line == line && issue.sourceLocation?.fileName == "ExpectationsTests.swift"
            && issue.comments.map(\.rawValue) == comments
    }

    @Test func aConditionThatFailsIsAnIssueAtTheCallersLineWithItsComment() {
        let line = #line + 2
        withKnownIssue {
            expect(1 + 1 == 3, "arithmetic")
        } matching: { issue in
            Self.isFailedExpectation(issue, at: line, comments: ["arithmetic"])
        }
        expect(1 + 1 == 2)
    }

    @Test func aDifferenceShowsBothValuesAtTheCallersLine() {
        let line = #line + 2
        withKnownIssue {
            expectEqual(["a", "b"].map { $0 + "x" }, ["ax", "c"], "mapped")
        } matching: { issue in
            let said = String(describing: issue)
            return Self.isFailedExpectation(issue, at: line, comments: ["mapped"]) && said.contains(#"["ax", "bx"]"#)
                && said.contains(#"["ax", "c"]"#)
        }
        expectEqual([1, 2].map { $0 * 2 }, [2, 4])
    }

    /// Each comparison shows both values where it fails, and passes where it holds.
    @Test func aComparisonThatFailsShowsBothValuesAtTheCallersLine() {
        let cases = [(7, 7, "not"), (2, 30, "least"), (40, 5, "most"), (60, 6, "below"), (7, 70, "above")]
        let matched = Locked(Set<Int>())
        let first = #line + 3
        withKnownIssue {
            // One line each, in the order of `cases`: the issue's line tells which one failed.
            expectNotEqual(7, 7, "not")
            expectAtLeast(2, 30, "least")
            expectAtMost(40, 5, "most")
            expectBelow(60, 6, "below")
            expectAbove(7, 70, "above")
        } matching: { issue in
            let said = String(describing: issue)
            guard
                let index = cases.indices.first(where: { index in
                    let (actual, bound, comment) = cases[index]
                    return Self.isFailedExpectation(issue, at: first + index, comments: [comment])
                        && said.contains("\(actual)") && said.contains("\(bound)")
                })
            else { return false }
            matched.withLock { _ = $0.insert(index) }
            return true
        }
        expectEqual(matched.withLock { $0 }, Set(cases.indices), "each comparison failed where it was called")
        expectNotEqual(1, 2)
        expectAtLeast(2, 2)
        expectAtMost(2, 2)
        expectBelow(1, 2)
        expectAbove(2, 1)
    }

    /// A text that lacks the part, or has it where it must not, is shown with the failure.
    @Test func aTextCheckShowsTheTextAtTheCallersLine() {
        let text = "the quick brown fox"
        let matched = Locked(Set<Int>())
        let first = #line + 2
        withKnownIssue {
            expectContains(text, "slow", "missing")
            expectNotContains(text, "brown", "present")
        } matching: { issue in
            let said = String(describing: issue)
            guard
                let index = [(0, "missing"), (1, "present")].first(where: {
                    Self.isFailedExpectation(issue, at: first + $0.0, comments: [$0.1])
                })?.0, said.contains(text)
            else { return false }
            matched.withLock { _ = $0.insert(index) }
            return true
        }
        expectEqual(matched.withLock { $0 }, [0, 1], "each text check failed where it was called")
        expectContains(text, "fox")
        expectNotContains(text, "slow")
    }

    @Test func requireStopsTheTestWhereTheConditionFails() throws {
        let after = Locked(false)
        let line = #line + 2
        try withKnownIssue {
            try require(false, "stopped here")
            after.withLock { $0 = true }
        } matching: { issue in
            Self.isFailedExpectation(issue, at: line, comments: ["stopped here"])
        }
        expect(!after.withLock { $0 }, "the line after a failed require ran")
    }

    @Test func unwrapGivesTheValueOrStopsAtTheCallersLine() throws {
        expectEqual(try unwrap(Optional(3)), 3)
        let missing: Int? = nil
        let after = Locked(false)
        let line = #line + 2
        try withKnownIssue {
            _ = try unwrap(missing, "no number")
            after.withLock { $0 = true }
        } matching: { issue in
            Self.isFailedExpectation(issue, at: line, comments: ["no number"])
        }
        expect(!after.withLock { $0 }, "the line after a failed unwrap ran")
    }

    /// A condition given to `unwrap` would otherwise become an optional that is never nil.
    @Test func unwrapGivenAConditionRequiresIt() throws {
        let line = #line + 2
        try withKnownIssue {
            try unwrap(1 + 1 == 3, "a condition")
        } matching: { issue in
            Self.isFailedExpectation(issue, at: line, comments: ["a condition"])
        }
        #expect(throws: Never.self) { try unwrap(1 + 1 == 2) }
    }
}
