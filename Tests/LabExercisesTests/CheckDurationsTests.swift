import Foundation
import Testing

@testable import LabExercises

/// How long each exercise's checks ran (`CheckDurations`): a batch starts its longest checks first,
/// and a record it cannot trust leaves the batch in its own order.
@Suite("Check durations")
struct CheckDurationsTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-durations-\(UUID().uuidString)")

    @Test func theLongestChecksComeFirstAndTheUnknownKeepTheirOrder() {
        let items = ["01a", "02a", "05a", "01b", "09a", "05b", "02b"]
        let seconds = ["05": 10.8, "02": 0.7, "01": 1.5]
        let ordered = CheckDurations.longestFirst(items, exercise: { String($0.prefix(2)) }, seconds: seconds)
        expectEqual(ordered, ["05a", "05b", "01a", "01b", "02a", "02b", "09a"])
        expectEqual(CheckDurations.longestFirst(items, exercise: { String($0.prefix(2)) }, seconds: [:]), items)
    }

    @Test func aBatchKeepsEachExercisesLongestRunOverTheOlderRecord() {
        defer { try? FileManager.default.removeItem(at: folder) }
        let durations = CheckDurations.kept(in: folder)
        expect(durations.read().isEmpty)
        durations.record([("05", 2.0), ("05", 10.5), ("08", 15.0)])
        expectEqual(durations.read(), ["05": 10.5, "08": 15.0])
        // Measured again: the new figure stands, though shorter; the others stay.
        durations.record([("05", 3.0)])
        expectEqual(durations.read(), ["05": 3.0, "08": 15.0])
        durations.record([])
        expectEqual(durations.read(), ["05": 3.0, "08": 15.0])
    }

    @Test(arguments: [
        "{\"05\": 1", "[1, 2]", "{\"05\": \"long\"}", String(repeating: " ", count: 1 << 16) + "{}",
    ])
    func aRecordThatIsNotOneIsNotRead(text: String) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let durations = CheckDurations.kept(in: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: durations.file)
        expect(durations.read().isEmpty)
        // The next batch's record replaces it whole.
        durations.record([("05", 4.0)])
        expectEqual(durations.read(), ["05": 4.0])
    }

    @Test func negativeFiguresAreNotTaken() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let durations = CheckDurations.kept(in: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("{\"05\": -3, \"08\": 2.5}".utf8).write(to: durations.file)
        expectEqual(durations.read(), ["08": 2.5])
    }
}
