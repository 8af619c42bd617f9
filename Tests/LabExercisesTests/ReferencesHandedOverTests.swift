import Testing

@testable import LabExercises

/// 14's rule: the store actor may be handed values only. A shared object made safe (an actor, a
/// main-actor class, a Sendable class, a protocol bound to them) is still one object on both sides.
@Suite("A type that takes values only is handed none of the file's references")
struct ReferencesHandedOverTests {
    let rule = ForbiddenPattern.referencesInto("Store", "values only")

    func found(_ source: String) -> [String] {
        SourceScanner.findings(in: source, forbidden: [rule]).map(\.code)
    }

    @Test(arguments: [
        ("actor Log { var items: [Int] = [] }\nactor Store { func save(_ log: Log) async {} }", "Log"),
        ("@MainActor final class Log { var items: [Int] = [] }\nactor Store { func save(_ log: Log) async {} }", "Log"),
        ("final class Log: Sendable { let items: [Int] = [] }\nactor Store { var kept: Log? }", "Log"),
        // An alias is read as what it names.
        ("actor Log {}\ntypealias L = Log\nactor Store { func save(_ log: L) {} }", "Log"),
        // In an extension of the store, and in a type nested in it.
        ("actor Log {}\nactor Store {}\nextension Store { func save(_ log: Log) {} }", "Log"),
        ("actor Log {}\nactor Store { struct Box { let log: Log } }", "Log"),
        // A protocol bound to actors, or adopted by a shared class, hands over the object too.
        ("protocol Source: Actor {}\nactor Store { func save(_ s: any Source) {} }", "Source"),
        (
            "protocol Source { var items: [Int] { get } }\n@MainActor final class Log: Source { var items: [Int] = [] }\n"
                + "actor Store { func save(_ s: any Source) async {} }", "Source"
        ),
        ("protocol A: AnyObject {}\nprotocol B: A {}\nactor Store { func save(_ b: any B) {} }", "B"),
    ])
    func aSharedReferenceInTheStoreIsFound(source: String, name: String) {
        #expect(found(source) == ["`\(name)` in Store"], "\(source)")
    }

    @Test(arguments: [
        // Values: a struct, an array, a snapshot made from a shared class outside the store.
        "struct Log: Sendable { var items: [Int] = [] }\nactor Store { func save(_ log: Log) {} }",
        "@MainActor final class Log { var items: [Int] = [] }\nactor Store { func save(_ items: [Int]) {} }",
        "@MainActor final class Log {}\nstruct Snapshot: Sendable { let items: [Int] }\nactor Store { func save(_ s: Snapshot) {} }",
        // A plain class is the compiler's to refuse (the lesson of a "make it compile" exercise).
        "final class Log { var items: [Int] = [] }\nactor Store { func save(_ log: Log) {} }",
        "@available(macOS 15, *) final class Log {}\nactor Store { func save(_ log: Log) {} }",
        // The store naming itself, a member spelled like a class, and references outside the store.
        "actor Store { static let shared = Store() }",
        "actor Log {}\nactor Store { func save(_ s: Int) { _ = s.Log } }",
        "actor Log {}\n@MainActor final class Model { let log = Log() }\nactor Store {}",
    ])
    func valuesAndPlainClassesAreNotFound(source: String) {
        #expect(found(source).isEmpty, "\(source)")
    }

    @Test func theRuleIsReadFromTheExercisesMetadata() throws {
        let exercise = try #require(TestLab.catalog.exercise(named: "14"))
        #expect(exercise.forbidden.contains { $0.shape == .referenceInto("DrinkStore") })
    }
}
