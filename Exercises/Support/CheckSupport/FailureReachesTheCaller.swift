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
    let problem = await whyTheFailureDidNotReachTheCaller(
        when: failing, failsWith: expected, in: function, returned: returned, askedOnce: askedRequests, call)
    report.expect(problem == nil, "when \(failing) failed, its error (\(expected)) reached the caller", otherwise: problem ?? "")
}

/// What `expectTheFailureReachesTheCaller` would refuse, or nil where the failure reached the
/// caller: for a check that fails several requests in turn (a rover at each place, each kind of
/// error) and reports once.
func whyTheFailureDidNotReachTheCaller<T>(
    when failing: String, failsWith expected: ServiceError, in function: String,
    returned: (T) -> String, askedOnce askedRequests: AskedOnce? = nil, isolation: isolated (any Actor)? = #isolation,
    _ call: () async throws -> T
) async -> String? {
    let outcome: Result<T, any Error>
    do { outcome = .success(try await call()) } catch { outcome = .failure(error) }
    if let askedTwice = askedRequests?.askedAgain {
        return "with \(failing) failing, \(function) asked for \(askedTwice) a second time: let the error reach the caller, do not try again"
    }
    switch outcome {
    case .success(let result):
        return "with \(failing) failing (\"\(expected)\"), \(function) returned \(returned(result)): let the error reach the caller (try, not try?)"
    case .failure(let error):
        return error as? ServiceError == expected
            ? nil
            : "when \(failing) failed with \"\(expected)\", \(function) threw \"\(error)\" instead: let the service's own error reach the caller"
    }
}

/// `expectTheFailureReachesTheCaller` for each of `errors` in turn (the service's every kind of error,
/// `CheckServices.everyKindOfError()`), on a service `failing(error, asked)` makes for it with its own
/// count of requests: the first kind whose error does not reach the caller as it is is the verdict,
/// one expectation in all. An answer that swallows some kinds and throws others (a rover "not found"
/// left out) is told which kind it let through and which it did not.
func expectEachFailureReachesTheCaller<T>(
    _ report: CheckReport, when failing: String, errors: [ServiceError], in function: String,
    returned: (T) -> String, isolation: isolated (any Actor)? = #isolation,
    _ call: (ServiceError, AskedOnce) async throws -> T
) async {
    var reached: [ServiceError] = []
    for expected in errors {
        let asked = AskedOnce()
        let outcome: Result<T, any Error>
        do { outcome = .success(try await call(expected, asked)) } catch { outcome = .failure(error) }
        // What did reach the caller, for a failure after it: the answer lets some kinds through.
        let earlier = reached.isEmpty ? "" : " (it did throw \(reached.map { "\"\($0)\"" }.joined(separator: ", ")))"
        if let askedTwice = asked.askedAgain {
            return report.fail(
                "with \(failing) failing with \"\(expected)\", \(function) asked for \(askedTwice) a second time: let the error reach the caller, do not try again\(earlier)"
            )
        }
        switch outcome {
        case .success(let result):
            return report.fail(
                "with \(failing) failing with \"\(expected)\", \(function) returned \(returned(result)): let the error reach the caller (try, not try?), whichever error it is\(earlier)"
            )
        case .failure(let error):
            guard error as? ServiceError == expected else {
                return report.fail(
                    "when \(failing) failed with \"\(expected)\", \(function) threw \"\(error)\" instead: let the service's own error reach the caller\(earlier)"
                )
            }
            reached.append(expected)
        }
    }
    report.pass(
        "when \(failing) failed, its error reached the caller, whichever of the service's \(counted(errors.count, "kind")) of error it was"
    )
}
