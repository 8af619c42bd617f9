import Testing

// Swift Testing's `#expect` and `#require`, called through plain functions.
//
// Why: each `#expect(a == b)` is expanded at its call site into a generic call whose closure the
// type checker solves against every `==` in scope: about 9 ms of CPU per line, where a call to one
// of these costs about 1 ms. Over the 2,600 lines that call these, the test modules took 78 s of CPU to
// compile in a fresh build, 58 s with these functions (docs/MEASUREMENTS.md, session 40). Each
// function here expands its macro once, and a failure is the macro's own issue, recorded at the
// caller's line: `expectEqual` and the comparisons (`expectNotEqual`, `expectAtLeast`,
// `expectAtMost`, `expectBelow`, `expectAbove`) show both values, `expectContains` and
// `expectNotContains` the text; `expect` and `require` show the comment but not the expression,
// whose values they never see (the line names it), so give a comment where a failure needs the
// values; `require` and `unwrap` stop the test as `#require` does. ExpectationsTests proves each
// records its failure where it was called.
//
// Keep `#expect` and `#require` where the expression awaits (an autoclosure here cannot), and
// for `#expect(throws:)` and exit tests (`processExitsWith:`). This file is compiled into each
// test module: every test folder links to it (as Sources/IsolationModes does with its app), so
// no module exports it and no test module depends on another.
//
// The caller's place comes from `#fileID`, `#filePath`, `#line` and `#column`: literals the
// compiler fills in, where a `#_sourceLocation` default would be one more macro per call.

/// `#expect(condition, comment)`.
func expect(
    _ condition: @autoclosure () throws -> Bool, _ comment: @autoclosure () -> String = "",
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) rethrows {
    let condition = try condition()
    #expect(
        condition, Comment(comment()),
        sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// `#expect(actual == expected, comment)`, both values shown when they differ.
func expectEqual<Value: Equatable>(
    _ actual: Value, _ expected: Value, _ comment: @autoclosure () -> String = "",
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    #expect(
        actual == expected, Comment(comment()),
        sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// `#expect(actual != unexpected, comment)`, the value shown when it is the one it must not be.
func expectNotEqual<Value: Equatable>(
    _ actual: Value, _ unexpected: Value, _ comment: @autoclosure () -> String = "",
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    #expect(
        actual != unexpected, Comment(comment()),
        sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// `#expect(actual >= least, comment)`, both values shown when it is less.
func expectAtLeast<Value: Comparable>(
    _ actual: Value, _ least: Value, _ comment: @autoclosure () -> String = "",
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    #expect(
        actual >= least, Comment(comment()),
        sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// `#expect(actual <= most, comment)`, both values shown when it is more.
func expectAtMost<Value: Comparable>(
    _ actual: Value, _ most: Value, _ comment: @autoclosure () -> String = "",
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    #expect(
        actual <= most, Comment(comment()),
        sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// `#expect(actual < bound, comment)`, both values shown when it is not below.
func expectBelow<Value: Comparable>(
    _ actual: Value, _ bound: Value, _ comment: @autoclosure () -> String = "",
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    #expect(
        actual < bound, Comment(comment()),
        sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// `#expect(actual > bound, comment)`, both values shown when it is not above.
func expectAbove<Value: Comparable>(
    _ actual: Value, _ bound: Value, _ comment: @autoclosure () -> String = "",
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    #expect(
        actual > bound, Comment(comment()),
        sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// `#expect(text.contains(part), comment)`, the text shown when the part is not in it.
func expectContains(
    _ text: String, _ part: String, _ comment: @autoclosure () -> String = "",
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    #expect(
        text.contains(part), Comment(comment()),
        sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// `#expect(!text.contains(part), comment)`, the text shown when the part is in it.
func expectNotContains(
    _ text: String, _ part: String, _ comment: @autoclosure () -> String = "",
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    #expect(
        !text.contains(part), Comment(comment()),
        sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// `try #require(condition, comment)`: the test stops here if it does not hold.
func require(
    _ condition: @autoclosure () throws -> Bool, _ comment: @autoclosure () -> String = "",
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) throws {
    let condition = try condition()
    try #require(
        condition, Comment(comment()),
        sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// `try #require(optional, comment)`: the value, or the test stops here.
func unwrap<Value>(
    _ value: Value?, _ comment: @autoclosure () -> String = "",
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) throws -> Value {
    try #require(
        value, Comment(comment()),
        sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// `unwrap(a == b)` would otherwise wrap the condition in an optional that is never nil, and
/// pass: a condition given to `unwrap` is required instead, as `#require` does with one.
@discardableResult
func unwrap(
    _ condition: Bool, _ comment: @autoclosure () -> String = "",
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) throws -> Bool {
    try require(condition, comment(), fileID: fileID, filePath: filePath, line: line, column: column)
    return true
}

extension Comment {
    /// The caller's comment, if it gave one (an empty comment shows nothing, as none would).
    fileprivate init?(_ text: String) {
        guard !text.isEmpty else { return nil }
        self.init(rawValue: text)
    }
}
