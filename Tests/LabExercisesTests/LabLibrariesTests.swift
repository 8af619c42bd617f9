import Testing

@testable import LabExercises
@testable import LabSourceScan

/// The packages `lab check` and the workspace generate link the lab libraries a file
/// imports, and nothing of the lab beyond them (never the lesson framework).
@Suite("An exercise links only the lab libraries it imports")
struct LabLibrariesTests {
    @Test func theLibrariesAreReadFromImportsNotFromCommentsOrStrings() {
        let student = "import Foundation\nimport LabScenarios\n// import LabStorage\nlet text = \"import LabTrace\"\n"
        let check = "@testable import StudentCode\n@preconcurrency import LabCore\nimport Synchronization\n"
        expectEqual(LabLibraries.imported(by: [student, check]), ["LabCore", "LabScenarios"])
        expect(LabLibraries.imported(by: ["import Foundation\n"]).isEmpty)
    }

    @Test func theManifestNamesEachAsAProductAfterTheTargetsGiven() {
        expectEqual(LabLibraries.dependencies([]), "[]")
        expectEqual(
            LabLibraries.dependencies(["LabCore", "LabStorage"], after: ["\"StudentCode\""]),
            "[\"StudentCode\", .product(name: \"LabCore\", package: \"ConcurrencyLab\"), "
                + ".product(name: \"LabStorage\", package: \"ConcurrencyLab\")]")
    }

    @Test func aStudentMayImportTheLabLibrariesButNotTheLessonFramework() {
        for library in LabLibraries.names {
            expect(SourceScanner.findings(in: "import \(library)\n", forbidden: []).isEmpty, "\(library)")
        }
        expect(!SourceScanner.findings(in: "import LessonKit\n", forbidden: []).isEmpty)
    }

    /// A file written before LabKit was split (a student's copy is never overwritten) is told
    /// what replaced it, not only that it may not import it.
    @Test func aFileStillImportingLabKitIsToldWhatReplacedIt() {
        let findings = SourceScanner.findings(in: "import Foundation\nimport LabKit\n", forbidden: [])
        expectEqual(findings.map(\.line), [2])
        expectEqual(findings.first?.reason.contains("LabCore, LabTrace, LabScenarios and LabStorage"), true)
    }
}
