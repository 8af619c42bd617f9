import LabScenarios

/// One of the answer's requests fails (`failing` says which, "Spirit's request"): its error must
/// reach the caller, as it did when the requests were made one after the other. `returned`
/// describes what came back instead, if anything did.
func expectTheFailureReachesTheCaller<T>(
    _ report: CheckReport, when failing: String, failsWith expected: ServiceError, in function: String,
    returned: (T) -> String, isolation: isolated (any Actor)? = #isolation, _ call: () async throws -> T
) async {
    do {
        let result = try await call()
        report.fail(
            "with \(failing) failing, \(function) returned \(returned(result)): let the error reach the caller (try, not try?)"
        )
    } catch {
        report.expect(
            error as? ServiceError == expected, "when \(failing) failed, its error (\(expected)) reached the caller",
            otherwise:
                "when \(failing) failed with \"\(expected)\", \(function) threw \"\(error)\" instead: let the service's own error reach the caller"
        )
    }
}
