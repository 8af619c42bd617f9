import LabScenarios

/// One of the answer's requests fails (`failing` says which, "Spirit's request"): its error must
/// reach the caller, as it did when the requests were made one after the other. `returned`
/// describes what came back instead, if anything did. Where `requests` counts what the answer's
/// service was asked for, something asked for twice (a retry after the failure) is refused first:
/// a retry of the failing request that failed again passed, its error reaching the caller one try
/// later.
func expectTheFailureReachesTheCaller<T>(
    _ report: CheckReport, when failing: String, failsWith expected: ServiceError, in function: String,
    returned: (T) -> String, askedOnce askedRequests: AskedOnce? = nil, isolation: isolated (any Actor)? = #isolation,
    _ call: () async throws -> T
) async {
    let outcome: Result<T, any Error>
    do { outcome = .success(try await call()) } catch { outcome = .failure(error) }
    if let askedTwice = askedRequests?.askedAgain {
        return report.fail(
            "with \(failing) failing, \(function) asked for \(askedTwice) a second time: let the error reach the caller, do not try again"
        )
    }
    switch outcome {
    case .success(let result):
        report.fail("with \(failing) failing, \(function) returned \(returned(result)): let the error reach the caller (try, not try?)")
    case .failure(let error):
        report.expect(
            error as? ServiceError == expected, "when \(failing) failed, its error (\(expected)) reached the caller",
            otherwise:
                "when \(failing) failed with \"\(expected)\", \(function) threw \"\(error)\" instead: let the service's own error reach the caller"
        )
    }
}
