import Foundation
import Testing

@testable import LabExercises
@testable import LabSourceScan

/// 27 and 28: the async entry point may run no wait, on any thread: not in a callback's
/// closure, not in a function or initializer of the file's that it calls, however deep.
@Suite("The code a function can run, and the waits in it")
struct ReachedCodeTests {
    let rules = ForbiddenPattern.waitsReachedFrom("entry", "entry runs this")

    /// What the rules find (the scanner's other findings, such as an operator declared, left out).
    func found(_ source: String) -> [String] {
        SourceScanner.findings(in: source, forbidden: rules).filter { $0.reason.hasPrefix("entry runs this") }.map(
            \.what)
    }

    @Test func aWaitInACallbackClosureIsFound() {
        let source = """
            func entry() async -> Int {
                await withCheckedContinuation { continuation in
                    store.request { _ in
                        gate.wait()
                        continuation.resume(returning: 1)
                    }
                }
            }
            """
        expectEqual(found(source), ["`.wait` (line 4)"])
    }

    @Test func aWaitIsFollowedThroughHelpersInitializersAndComputedProperties() {
        let source = """
            func bridge() -> Int {
                let s = DispatchSemaphore(value: 0)
                return 1
            }
            struct Waited {
                init() { gate.wait() }
                var size: Int { sleep(1); return 1 }
            }
            func helper() -> Int { bridge() }
            func entry() async -> Int {
                store.request { _ in _ = helper() + Waited().size }
                return 0
            }
            """
        expectEqual(found(source), ["`DispatchSemaphore` (line 2)", "`.wait` (line 6)", "`sleep` (line 7)"])
    }

    @Test func aWaitTheEntryNeverRunsIsLeftAlone() {
        // The old bridge kept for synchronous callers, and a local value spelled like it.
        let source = """
            func title(for day: Int) -> String {
                gate.wait()
                return ""
            }
            protocol Source { func fetch() -> Int }
            func entry() async -> [String] {
                var titles: [String] = []
                for await (index, title) in group { titles[index] = title }
                return titles
            }
            """
        expect(found(source).isEmpty)
        expect(ReachedCode.lines(from: "missing", in: SwiftTokenizer.tokens(of: source)).isEmpty)
    }

    /// Audit Z: the catalogued callback-queue wait, moved into a `subscript` read as `pending[()]`;
    /// the same through `callAsFunction`, a `deinit`, an operator and a stored value.
    @Test func aWaitInASubscriptOrAnotherImplicitBodyIsFound() {
        let source = """
            final class Pending {
                let made = DispatchSemaphore(value: 0)
                subscript(_: Void) -> Int { arrived.wait(); return 1 }
                func callAsFunction() -> Int { sleep(1); return 1 }
                deinit { usleep(1) }
                static func + (a: Pending, b: Int) -> Int { gate.wait(); return b }
            }
            final class Unused {
                subscript(_: Void) -> Int { arrived.wait(); return 1 }
            }
            func entry() async -> Int {
                let pending = Pending()
                return await withCheckedContinuation { continuation in
                    store.request { _ in continuation.resume(returning: pending[()] + pending() + (pending + 1)) }
                }
            }
            """
        expectEqual(
            found(source),
            [
                "`DispatchSemaphore` (line 2)", "`.wait` (line 3)", "`sleep` (line 4)", "`usleep` (line 5)",
                "`.wait` (line 6)",
            ])
    }

    /// Audit Z's correct answers, refused by name: the old bridge kept `noasync` beside an async
    /// overload that is awaited; a kept box whose blocking `title` is never made where the entry
    /// runs (`photo.title` is another type's, `title` a local); `async let size` beside a kept
    /// slot's blocking `size`.
    @Test func theOldBlockingAPIKeptBesideTheAsyncPathIsLeftAlone() {
        let source = """
            @available(*, noasync, message: "use the async title(for:)")
            func title(for day: Int) -> String {
                let done = DispatchSemaphore(value: 0)
                return TitleBox().title
            }
            func title(for day: Int) async -> String { (try? await service.photo(for: day).title) ?? "?" }
            final class TitleBox {
                var title: String { filled.wait(); return "" }
            }
            final class SizeSlot {
                var size: Int { filled.wait(); return 1 }
                subscript(_: Void) -> Int { filled.wait(); return 1 }
            }
            func entry() async -> [String] {
                async let size = render(name)
                var titles = [await size == 0 ? "" : "?"]
                titles[0] = await title(for: 1)
                for await (index, title) in group { titles[index] = title }
                return titles
            }
            """
        expect(found(source).isEmpty)
    }

    /// Attacks on the gating by type: each way the entry can get at a value of the type, and a
    /// `noasync` bridge called from a synchronous closure (it cannot await, so it is followed).
    @Test(arguments: [
        ("let shared = Box()", "shared.size"),  // a global
        ("final class Holder { let box = Box() }", "Holder().box.size"),  // another type's stored value
        ("extension Sized { var size: Int { gate.wait(); return 1 } }", "Thing().size"),  // a conformer
        ("func make() -> Box { .init() }", "make().size"),  // a function's return type
        ("class Base { var size: Int { gate.wait(); return 1 } }\nfinal class Sub: Base {}", "Sub().size"),
        ("class Base { init() { gate.wait() } }\nfinal class Sub: Base {}", "_ = Sub()"),  // an inherited init
        ("typealias Alias = Base\nclass Base { init() { gate.wait() } }", "_ = Alias()"),  // a typealias
        ("@propertyWrapper struct Late { var wrappedValue: Int { gate.wait(); return 1 } }", "@Late var late: Int"),
        (
            "extension Box: CustomStringConvertible { var description: String { gate.wait(); return \"\" } }",
            "print(\"\\(Box())\")"
        ),  // a member the runtime calls
        ("enum Registry { static let box: Sized = Box() }", "Registry.box.size"),
        ("@available(*, noasync) func size(_ n: Int) -> Int { gate.wait(); return n }", "q.run { _ = size(1) }"),
        ("func size(of n: Int) -> Int { gate.wait(); return n }", "_ = await size(of: 1)"),  // other labels
        ("func measure() -> Int { gate.wait(); return 1 }", "_ = await measure()"),  // nothing async to prefer
        // Review 36: an async overload with another type (Swift calls the synchronous one).
        ("func settle(_ ms: Int) { gate.wait() }\nfunc settle(_ name: String) async {}", "await settle(40)"),
        // Members the runtime calls, named nowhere: a collection's, `dynamicallyCall`, an error's.
        (
            "struct Rendered: Collection { var startIndex: Int { gate.wait(); return 0 }\nvar endIndex: Int { 0 }\n"
                + "func index(after i: Int) -> Int { i + 1 }\nsubscript(p: Int) -> Int { p } }",
            "for _ in Rendered() {}"
        ),
        (
            "struct Rendered: RandomAccessCollection { var startIndex: Int { 0 }; var endIndex: Int { 1 }\n"
                + "subscript(p: Int) -> Int { gate.wait(); return p } }",
            "for _ in Rendered() {}"
        ),
        (
            "@dynamicCallable struct Pause { func dynamicallyCall(withArguments a: [Int]) { gate.wait() } }",
            "let pause = Pause(); pause(40)"
        ),
        (
            "struct Failed: LocalizedError { var errorDescription: String? { gate.wait(); return nil } }",
            "print(Failed().localizedDescription)"
        ),
        // A key path's subscript, and a function used as a value.
        ("struct Pause { subscript(ms ms: Int) -> Int { gate.wait(); return ms } }", "_ = [Pause()].map(\\.[ms: 40])"),
        ("func settle(_ ms: Int) { gate.wait() }", "let pause = settle; pause(40)"),
        // Audit BB: a method handed over as a value; a collection through a protocol of the
        // file's; a property whose value is a function, called.
        ("struct Pause { func settle(_ ms: Int) { gate.wait() } }", "[40].forEach(Pause().settle)"),
        (
            "protocol Sizes: Collection where Index == Int {}\nprotocol Sized2: Sizes {}\n"
                + "struct Rendered: Sized2 { var startIndex: Int { gate.wait(); return 0 }\nvar endIndex: Int { 0 }\n"
                + "func index(after i: Int) -> Int { i + 1 }\nsubscript(p: Int) -> Int { p } }",
            "for _ in Rendered() {}"
        ),
        ("final class Callback { var size: (Int) -> Int { gate.wait(); return { $0 } } }", "_ = Callback().size(1)"),
        // Review 36b: a witness the runtime calls, `noasync` or not (the compiler checks only
        // where its name is written): interpolation, a set's hashing, a collection's indices.
        (
            "struct Pause: CustomStringConvertible {\n@available(*, noasync)\n"
                + "var description: String { gate.wait(); return \"\" } }",
            "_ = \"\\(Pause())\""
        ),
        (
            "struct Key: Hashable { @available(*, noasync) func hash(into h: inout Hasher) { gate.wait() } }",
            "_ = Set([Key()])"
        ),
        (
            "struct Rendered: Collection { @available(*, noasync) var startIndex: Int { gate.wait(); return 0 }\n"
                + "var endIndex: Int { 0 }\nfunc index(after i: Int) -> Int { i + 1 }\nsubscript(p: Int) -> Int { p } }",
            "for _ in Rendered() {}"
        ),
    ])
    func aTypeTheEntryCanReachIsFollowed(declaration: String, use: String) {
        let source = """
            protocol Sized {}
            struct Thing: Sized {}
            final class Box: Sized {
                var size: Int { gate.wait(); return 1 }
            }
            func size(_ s: String) async -> Int { 1 }
            \(declaration)
            func entry() async -> Int {
                \(use)
                return 0
            }
            """
        expect(found(source).contains { $0.hasPrefix("`.wait`") }, "\(declaration) / \(use)")
        let unreached = source.replacingOccurrences(of: use, with: "_ = 1")
        expect(found(unreached).isEmpty, "\(declaration)")
    }

    /// Review 36, the other way: an async overload with the same parameters (other internal
    /// names, a default value) is the one awaited; a conformer's member named elsewhere is called
    /// by that name, not by the runtime; a name the entry binds itself is not the function.
    @Test func whatTheWiderRulesStillLeaveAlone() {
        let source = """
            func settle(_ ms: Int) { gate.wait() }
            func settle(_ other: Int = 1) async {}
            func title() -> String { gate.wait(); return "" }
            func pause() { gate.wait() }
            struct Box: Sendable, Renderer {
                func hold() { gate.wait() }
            }
            func old() { Box().hold() }
            func entry(title: String) async -> [String] {
                await settle(40)
                _ = Box()
                let pause = 1
                let names = ["a"].map { name in name + "\\(pause)" }
                for await (index, name) in group { _ = (index, name) }
                return names + [title]
            }
            """
        expect(found(source).isEmpty)
        // Each rule, broken: the wait is found.
        for (old, new) in [
            ("settle(_ other: Int = 1) async", "settle(_ other: String) async"),
            ("func old() { Box().hold() }", ""),
            ("let pause = 1", "_ = 1"),
            ("func entry(title: String)", "func entry(name: String)"),
        ] {
            expect(!found(source.replacingOccurrences(of: old, with: new)).isEmpty, "\(new)")
        }
    }

    /// Audit BB's correct answers: a blocking overload (`noasync` or not) awaited on a value just
    /// made; async overloads that take the same arguments with a closure that need not escape,
    /// `some` for `any`, a defaulted parameter more; a `noasync` member of a `Sendable` type no one
    /// calls; an async static `size(for:)` beside a nested slot's blocking property `size`.
    @Test func awaitedOverloadsMarkerProtocolsAndCalledNamesLeaveTheOldAPIAlone() {
        let source = """
            struct Thumbnails {
                @available(*, noasync) func size(for name: String) -> Int { gate.wait(); return 1 }
                func size(for name: String) async -> Int { 1 }
            }
            func sized(_ run: @escaping @Sendable (String) async -> Int) -> Int { gate.wait(); return 1 }
            func sized(_ run: (String) async -> Int) async -> Int { 1 }
            func title(for day: Int, from service: any Service) -> String { gate.wait(); return "" }
            func title(for day: Int, from service: some Service, placeholder: String = "?") async -> String { "" }
            struct Wall: Sendable {
                @available(*, noasync) func blockingTitle(for day: Int) -> String { gate.wait(); return "" }
                func titles() async -> [String] { [] }
            }
            enum Gallery {
                final class Slot: Sendable { var size: Int { gate.wait(); return 1 } }
                static func blockingSize() -> Int { Slot().size }
                static func size(for name: String) async -> Int { 1 }
            }
            func entry(service: any Service) async -> Int {
                let a = await Thumbnails().size(for: "a")
                let b = await sized { _ in 1 }
                let c = await title(for: 1, from: service)
                let d = await Wall().titles()
                let e = await Gallery.size(for: "a")
                return a + b + c.count + d.count + e
            }
            """
        expect(found(source).isEmpty)
        // Either guard alone keeps the unused bridge out: `noasync`, or a type naming only markers
        // or protocols that cannot require its name (review 36b: `Collection` has no `blockingTitle`).
        for (old, new) in [
            ("@available(*, noasync) func blockingTitle", "func blockingTitle"),
            ("struct Wall: Sendable", "struct Wall: Sendable, Renderer"),
            (
                "struct Wall: Sendable {\n    @available(*, noasync) func",
                "struct Wall: Sendable, Collection {\n    func"
            ),
        ] {
            expectContains(source, old, "\(old)")
            expect(found(source.replacingOccurrences(of: old, with: new)).isEmpty, "\(new)")
        }
        // Each rule, broken: the wait is found.
        for (old, new) in [
            ("let a = await Thumbnails()", "let a = Thumbnails()"),
            ("func sized(_ run: (String) async", "func sized(_ run: (Int) async"),
            ("placeholder: String = \"?\"", "placeholder: String"),
            (
                "struct Wall: Sendable {\n    @available(*, noasync) func",
                "struct Wall: Sendable, Renderer {\n    func"
            ),
            ("let e = await Gallery.size(for: \"a\")", "let e = Gallery.Slot().size"),
        ] {
            expectContains(source, old, "\(old)")
            expect(!found(source.replacingOccurrences(of: old, with: new)).isEmpty, "\(new)")
        }
    }

    /// Review 36b's correct answers that keep the old blocking API, each with the change that
    /// makes it wait: a property read after `.` that shares a method's name (`slot.size.withLock`,
    /// `picture.size` of a seen type); a local named like a property; a synchronous overload of the
    /// entry; an unused bridge in a type naming a protocol that cannot require it.
    @Test(arguments: [
        (
            """
            struct Gallery {
                func size(for name: String) -> Int { gate.wait(); return 1 }
                func size(for name: String) async -> Int { 1 }
            }
            func entry(name: String) async -> Int {
                let slot = makeSlot()
                let size = await Gallery().size(for: name)
                slot.size.withLock { $0 = size }
                slot.size += 1
                slot.size = slot.size[0] ?? slot.size!
                return size
            }
            """,
            "slot.size.withLock { $0 = size }", "_ = [name].map(slot.size)"
        ),
        (
            """
            struct Picture {
                let name: String
                var size = 0
            }
            struct Gallery {
                func size(for name: String) -> Int { gate.wait(); return 1 }
                func size(for name: String) async -> Int { 1 }
            }
            func entry(name: String) async -> Int {
                var picture = Picture(name: name)
                picture.size = await Gallery().size(for: picture.name)
                return picture.size
            }
            """,
            "var size = 0", "var area = 0"
        ),
        (
            """
            struct Thumbnail {
                var size: Int { gate.wait(); return 1 }
                var renderedSize: Int { get async { 1 } }
            }
            func entry(name: String) async -> Int {
                let thumbnail = Thumbnail()
                let size = await thumbnail.renderedSize
                return size
            }
            """,
            "let size = await", "let other = await"
        ),
        (
            """
            struct Thumbnail {
                var size: Int { gate.wait(); return 1 }
            }
            func entry(size: Int) async -> Int {
                _ = Thumbnail()
                return size
            }
            """,
            "func entry(size: Int)", "func entry(count: Int)"
        ),
        (
            """
            struct Thumbnail {
                var size: Int { gate.wait(); return 1 }
            }
            func entry() async -> Int {
                _ = Thumbnail()
                return [1].map { size in size + 1 }[0]
            }
            """,
            "{ size in size + 1 }", "{ $0 + size }"
        ),
        (
            """
            func entry(name: String) -> Int { gate.wait(); return 1 }
            func entry(name: String) async -> Int { 1 }
            """,
            "async -> Int { 1 }", "async -> Int { entry(name: name) }"
        ),
        (
            """
            struct Thumbnailer: Sendable, CustomStringConvertible {
                var description: String { "thumbnailer" }
                func blockingSize(for name: String) -> Int { gate.wait(); return 1 }
                func size(for name: String) async -> Int { 1 }
            }
            func entry(name: String) async -> Int { await Thumbnailer().size(for: name) }
            """,
            "CustomStringConvertible", "Renderer"
        ),
    ])
    func theOldAPIBesideTheAnswerIsLeftAlone(source: String, old: String, new: String) {
        expect(found(source).isEmpty, "\(source)")
        expectContains(source, old, "\(old)")
        expect(!found(source.replacingOccurrences(of: old, with: new)).isEmpty, "\(new)")
    }

    @Test func theMessageNamesTheEntryAndTheWait() {
        let findings = SourceScanner.findings(
            in: "func entry() async { q.request { Thread.sleep(forTimeInterval: 1) } }", forbidden: rules)
        expectEqual(findings.map(\.code), ["`Thread.sleep`"])
        expectEqual(findings.first?.reason.hasPrefix("entry runs this: Thread.sleep blocks a thread"), true)
    }

    @Test func theRuleIsReadFromTheExercisesMetadata() throws {
        for (name, entry) in [("27", "thumbnailSize"), ("28", "loadWall")] {
            let exercise = try unwrap(TestLab.catalog.exercise(named: name))
            expect(exercise.forbidden.contains { $0.shape == .reachedFrom(entry, .member("wait")) }, "\(name)")
        }
    }
}
