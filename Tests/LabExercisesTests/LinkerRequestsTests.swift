import Foundation
import Testing

@testable import LabExercises

/// What an answer's objects may ask the linker for: libraries by name, nothing else.
@Suite("Linker requests")
struct LinkerRequestsTests {
    @Test func onlyALibraryByNameIsALibrary() {
        for entry in ["-lswiftCore", "-lswift_Concurrency", "-lFoundationEssentials", "-lm", "-lstdc++", "-lgcc_s.1"] {
            expect(LinkerRequests.isLibrary(entry), "\(entry)")
        }
        for entry in [
            "-o", "-l", "--reproduce=/tmp/x.tar", "-l--script=/etc/passwd", "-l:../../secret", "-lfoo bar", "-lfoo/bar",
            "-L/tmp", "/tmp/evil.o", "-Wl,-o,/tmp/x", "-lé", "",
        ] {
            expect(!LinkerRequests.isLibrary(entry), "\(entry)")
        }
    }

    @Test func anObjectTheGraderCannotReadIsRefusedAndAMissingOneLeftToTheLink() throws {
        #if os(Linux)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "lab-objects-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let garbage = folder.appendingPathComponent("StudentCode.o")
            try Data("not an object".utf8).write(to: garbage)
            expectEqual(LinkerRequests.refusal(objects: [garbage])?.contains("not an object the grader can read"), true)
            expectEqual(LinkerRequests.refusal(objects: [folder.appendingPathComponent("missing.o")]), nil)
        #endif
    }
}
