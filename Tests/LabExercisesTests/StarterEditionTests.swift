import Testing

@testable import LabExercises

@Suite("A student's file written for an earlier starter")
struct StarterEditionTests {
    let starter =
        "import LabCore\n\n// Exercise 19 · inventory · The inventory store actor, on SQLite\n//\n// TODO 1: ...\nactor InventoryStore {}\n"

    @Test func aFileFromTheEarlierStarterIsRecognised() {
        let earlier =
            "import LabCore\n\n// Exercise 19 · inventory · The inventory store actor\nactor InventoryStore {}\n"
        expectEqual(StarterEdition.finding(student: earlier, starter: starter, exercise: "19"), .earlierEdition)
        expect(
            StarterEdition.sentence(.earlierEdition, current: "// Exercise 19 …", exercise: "19").contains(
                "your file was written for the earlier one"))
    }

    /// An audit's: the solution file, its header "// Exercise 30 · solution: …", failing to compile,
    /// was told it had been written for an earlier edition that never had that header.
    @Test func anotherHeaderIsToldOnlyWhatIsKnown() {
        let solution =
            "import LabCore\n\n// Exercise 19 · solution: the store on its own thread\nactor InventoryStore {}\n"
        let finding = StarterEdition.finding(student: solution, starter: starter, exercise: "19")
        expectEqual(finding, .otherHeader("// Exercise 19 · solution: the store on its own thread"))
        let sentence = StarterEdition.sentence(
            .otherHeader("// Exercise 19 · solution: the store on its own thread"), current: "// Exercise 19 …",
            exercise: "19")
        expect(!sentence.contains("changed in this version") && sentence.contains("if yours was written"), sentence)
    }

    @Test func aFileFromTheCurrentStarterOrWithoutAHeaderIsNot() {
        expectEqual(StarterEdition.finding(student: starter + "// my changes\n", starter: starter, exercise: "19"), nil)
        expectEqual(
            StarterEdition.finding(student: "actor InventoryStore {}\n", starter: starter, exercise: "19"), nil,
            "a student may delete the comments")
        expectEqual(
            StarterEdition.header(of: starter), "// Exercise 19 · inventory · The inventory store actor, on SQLite")
    }
}
