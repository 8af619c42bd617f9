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
