import Foundation
import LabSourceScan

/// What a check sees of the answer, where its exercise declares it: a check compiled once for
/// every answer to its exercise, not once for each answer's module.
///
/// A check that imports the answer's module (`@testable import StudentCode`) depends on every
/// declaration in it: what each name it calls resolves to, the isolation of each (not in the
/// symbols' names: a check compiled against one answer and linked with another's would skip or
/// add a hop to the main actor), the layouts, the default arguments. So it is compiled again for
/// each answer whose module differs, by a private helper alone: about 0.3–0.9 s of CPU each
/// (docs/MEASUREMENTS.md, session 56), the largest share of a catalogue's.
///
/// An exercise with a face splits the part of its check file before `// MARK: - The check` in
/// three, each after its own marker:
/// - the given code, as before;
/// - **the face** (`// MARK: - The answer's face`): the types the check calls the answer through,
///   `AnswerFace` among them, which name none of the answer's declarations;
/// - **the adaptor** (`// MARK: - How the check reaches the answer`): `func labAdaptor() ->
///   AnswerFace`, which calls the answer's declarations as the check called them (the same
///   expressions, in the same isolation), so an answer the check could call compiles here, and one
///   it could not fails here, in the code given with the exercise.
///
/// All three are compiled into the answer's module, as the given code is. The check is compiled
/// against a **stub** of that module: the same given code and face, byte for byte, the adaptor's
/// lines left blank (a diagnostic's line stays the check file's) and `labAdaptor` declared with a
/// body that is never linked. The check's object then depends on the stub, the same for every
/// answer, and links against each answer's object, where the real `labAdaptor` is: its mangled
/// name is the stub's (the same module, name and type), and every type the check reaches is
/// declared by the same text in both. An answer cannot change that text's meaning: a name the
/// given code, face or adaptor looks up is one the review refuses an answer to declare
/// (`Grader.reviewNames`), a declaration of `labAdaptor` or a face type of its own does not compile
/// beside them, and `@_silgen_name` is refused.
enum AnswerFace {
    static let faceMarker = "\n// MARK: - The answer's face\n"
    static let adaptorMarker = "\n// MARK: - How the check reaches the answer\n"
    /// The line the adaptor's section must declare its function on, whole (attributes and all):
    /// the stub declares the same, so that both have one type and one isolation.
    static let adaptorDeclaration = "func labAdaptor() -> AnswerFace {"

    /// The given code a student sees (`StudentWorkspace`'s `Given.swift`): all but the face and
    /// the adaptor, which the answer never names.
    static func studentGiven(_ given: String) -> String {
        guard let face = given.range(of: faceMarker) else { return given }
        return String(given[..<face.lowerBound]) + "\n"
    }

    /// The stub module's one file for `given` (the check file's part before its check), or nil when
    /// it has no adaptor: the check is then compiled against each answer's own module. Where the
    /// build's fingerprint is compiled into the answer's code, not linked (`BuildFingerprint`: a
    /// Mac), the stub declares it as the answer's code does, which the check's entry point reads:
    /// the check then reads the answer's own through the same symbol.
    static func stub(ofGiven given: String, fingerprinted: Bool = !BuildFingerprint.linked) -> String? {
        guard let adaptor = given.range(of: adaptorMarker), given.range(of: faceMarker) != nil else { return nil }
        let blanked = given[adaptor.upperBound...].count { $0 == "\n" }
        let stub =
            String(given[..<adaptor.upperBound]) + String(repeating: "\n", count: blanked)
            + "\(adaptorDeclaration) fatalError(\"the check's stub of the answer's module is never linked\") }\n"
        return fingerprinted ? Grader.fingerprinted(stub, fingerprint: "the stub's") : stub
    }

    /// The members the face and adaptor add to the answer's own types (`extension ThumbnailPrefetcher
    /// { func labPrefetchedAndAskedInOneTurn… }`, 24's probe of one turn). The answer may not name
    /// them at all: a property of its own by such a name is no redeclaration, and wins over the
    /// method at the adaptor's call (helper 201: a stored closure of the answer's stood in for 24's
    /// probe, and the one mistake only that probe catches passed).
    static func membersAddedToAnswerTypes(inGiven given: String) -> Set<String> {
        guard let face = given.range(of: faceMarker) else { return [] }
        let tokens = SwiftTokenizer.tokens(of: String(given[face.upperBound...]))
        var names: Set<String> = []
        var depth = 0
        var inExtension = false
        for (index, token) in tokens.enumerated() {
            if token.text == "extension", depth == 0 { inExtension = true }
            if token.text == "{" { depth += 1 }
            if token.text == "}" {
                depth = max(0, depth - 1)
                if depth == 0 { inExtension = false }
            }
            guard inExtension, depth == 1, ["func", "var", "let", "typealias"].contains(token.text),
                index + 1 < tokens.count, tokens[index + 1].kind == .identifier
            else { continue }
            names.insert(tokens[index + 1].text)
        }
        return names
    }

    /// What is wrong with `given`'s face, if anything (a lab's error: the suite's tests read it).
    static func problem(inGiven given: String) -> String? {
        let face = given.range(of: faceMarker)
        guard let adaptor = given.range(of: adaptorMarker) else {
            return face != nil ? "a face without an adaptor (\(adaptorMarker.trimmed))" : nil
        }
        guard let face, face.upperBound <= adaptor.lowerBound else {
            return "an adaptor without a face before it (\(faceMarker.trimmed))"
        }
        let lines = given[adaptor.upperBound...].split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard lines.filter({ $0.contains("func labAdaptor") }) == [adaptorDeclaration] else {
            return "the adaptor must declare `\(adaptorDeclaration)` once, on a line of its own"
        }
        return nil
    }
}

extension String {
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
