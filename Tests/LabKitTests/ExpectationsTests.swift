import Testing

@testable import LabCore

/// The functions in Tests/Shared/Expectations.swift, which every test module calls instead of
/// writing `#expect` at each line: each records the issue the macro would, at the caller's line,
/// and `require` and `unwrap` stop the test.
@Suite("expect, expectEqual, require and unwrap")
struct ExpectationsTests {
    @Test func aConditionThatFailsIsAnIssueAtTheCallersLineWithItsComment() {
        let line = #line + 2
        withKnownIssue {
            expect(1 + 1 == 3, "arithmetic")
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.sourceLocation?.fileName == "ExpectationsTests.swift"
                && issue.comments.map(\.rawValue) == ["arithmetic"]
        }
        expect(1 + 1 == 2)
    }

    @Test func aDifferenceShowsBothValues() {
        withKnownIssue {
            expectEqual(["a", "b"].map { $0 + "x" }, ["ax", "c"])
        } matching: { issue in
            let said = String(describing: issue)
            return said.contains(#"["ax", "bx"]"#) && said.contains(#"["ax", "c"]"#) && issue.comments.isEmpty
        }
        expectEqual([1, 2].map { $0 * 2 }, [2, 4])
    }

    @Test func requireStopsTheTestWhereTheConditionFails() throws {
        let after = Locked(false)
        try withKnownIssue {
            try require(false, "stopped here")
            after.withLock { $0 = true }
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["stopped here"]
        }
        expect(!after.withLock { $0 }, "the line after a failed require ran")
    }

    @Test func unwrapGivesTheValueOrStops() throws {
        expectEqual(try unwrap(Optional(3)), 3)
        let missing: Int? = nil
        try withKnownIssue {
            _ = try unwrap(missing, "no number")
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["no number"]
        }
    }

    /// A condition given to `unwrap` would otherwise become an optional that is never nil.
    @Test func unwrapGivenAConditionRequiresIt() {
        withKnownIssue {
            try unwrap(1 + 1 == 3)
        }
        #expect(throws: Never.self) { try unwrap(1 + 1 == 2) }
    }
}
