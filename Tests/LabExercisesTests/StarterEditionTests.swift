import Testing

@testable import LabExercises

@Suite("A student's file written for an earlier starter")
struct StarterEditionTests {
    let starter =
        "import LabCore\n\n// Exercise 19 · inventory · The inventory store actor, on SQLite\n//\n// TODO 1: ...\nactor InventoryStore {}\n"

    @Test func aFileFromTheEarlierStarterIsRecognised() {
        expect(
            StarterEdition.isEarlier(
                student:
                    "import LabCore\n\n// Exercise 19 · inventory · The inventory store actor\nactor InventoryStore {}\n",
                starter: starter))
    }

    @Test func aFileFromTheCurrentStarterOrWithoutAHeaderIsNot() {
        expect(!StarterEdition.isEarlier(student: starter + "// my changes\n", starter: starter))
        expect(
            !StarterEdition.isEarlier(student: "actor InventoryStore {}\n", starter: starter),
            "a student may delete the comments")
        expectEqual(
            StarterEdition.header(of: starter), "// Exercise 19 · inventory · The inventory store actor, on SQLite")
    }
}
