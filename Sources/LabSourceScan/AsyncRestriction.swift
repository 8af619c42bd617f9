import Foundation
import Synchronization

/// One call that must not appear directly inside an async context, read from
/// `docs/async-restrictions.json` (the list is data, with where each entry was read,
/// so it can grow without touching the scanner).
public struct AsyncRestriction: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable {
        /// Apple's SDK marks it `NS_SWIFT_UNAVAILABLE_FROM_ASYNC` / `@available(*, noasync)`:
        /// a Mac refuses to compile it. Nothing exempts it.
        case unavailableFromAsync
        /// It holds its thread. A lesson variant that shows this on purpose is exempt when
        /// a comment containing `HAZARD` sits directly above its declaration.
        case blocking
        /// Apple's documentation gives it a later macOS than the package declares: anywhere
        /// (async or not) it must be gated by `#available` / `@available` (see `AvailabilityGate`).
        case newerThanPlatform
    }

    /// How the call is written: `Type.member`, `.member` (any receiver, or none) or `function(`;
    /// a trailing `()` asks for a call without arguments, `(label:` for that first label.
    public let api: String
    public let kind: Kind
    public let message: String
    /// Where the restriction was read: an SDK header, an overlay, a lab file.
    public let source: String
    /// A call is exempt when this token is among its arguments (`WNOHANG` for `waitpid`).
    public let unlessArgument: String?
    /// A call matches only when this token is among its arguments: a later label that tells
    /// Apple's refused overload from others of the same name (`perform(_:on:with:waitUntilDone:)`,
    /// whose first argument has no label, beside `RunLoop.perform {}`).
    public let onlyWithArgument: String?
    /// What Linux's compiler says of the same call (documentation only).
    public let linux: String?
    /// For `newerThanPlatform`: the first macOS that has it ("26.0").
    public let macOS: String?
    /// For a function of the lab's own found to block (see `BlockingHelpers`): the call in
    /// its body that blocks. Such a function is matched however it is called (`f(`, `x.f(`).
    var inferredFrom: String?
    /// For an inferred blocking `subscript` or `callAsFunction`: the type it belongs to, the one
    /// `self[` / `self(` stands for (in that type's own code only).
    var inferredOwner: String?
    /// For an inferred blocking function that an awaited call never runs: it is `noasync`, or
    /// an async overload takes the same arguments (`ReachedDeclarations.hasAsyncOverload`).
    var notRunWhenAwaited: Bool?

    public init(
        api: String, kind: Kind, message: String, source: String, unlessArgument: String? = nil,
        onlyWithArgument: String? = nil, linux: String? = nil, macOS: String? = nil
    ) {
        self.api = api
        self.kind = kind
        self.message = message
        self.source = source
        self.unlessArgument = unlessArgument
        self.onlyWithArgument = onlyWithArgument
        self.linux = linux
        self.macOS = macOS
    }

    /// The entries that matter for a package declaring `declaredMacOS` ("15"): availability
    /// entries only when they need a later macOS.
    public static func applicable(_ list: [AsyncRestriction], declaredMacOS: String) -> [AsyncRestriction] {
        let declared = AvailabilityGate.version(declaredMacOS) ?? [0, 0]
        return list.filter { entry in
            guard entry.kind == .newerThanPlatform else { return true }
            return declared.lexicographicallyPrecedes(AvailabilityGate.version(entry.macOS ?? "") ?? [0, 0])
        }
    }

    struct List: Codable {
        let restrictions: [AsyncRestriction]
    }

    /// Reads the list (the file's `restrictions` array).
    public static func load(from url: URL) throws -> [AsyncRestriction] {
        try JSONDecoder().decode(List.self, from: Data(contentsOf: url)).restrictions
    }

    /// The spelling taken apart into what the scanner matches.
    struct Shape: Equatable {
        enum Receiver: Equatable {
            /// A global function: `usleep(`.
            case none
            /// Any receiver, or none (implicit `self`): `.waitUntilExit()`.
            case any
            /// The type itself or a name the file binds to it: `Thread.isMainThread`, `semaphore.wait()`.
            case type(String)
            /// The same, for a function of the lab's own found to block, named without its dot: `f(`.
            case anyOrNone
        }

        let receiver: Receiver
        let member: String
        /// Tokens that must follow the member, such as `(`, `)` or `(`, `sourceSeconds`, `:`.
        let tail: [String]
    }

    /// The spelling taken apart. A listed restriction's is worked out once per process: the
    /// grader asks every listed restriction's shape several times for each answer it reviews, and
    /// tokenizing the list's spellings again each time was about 4% of the lab's own CPU per
    /// answer (`perf`, docs/MEASUREMENTS.md, session 66). One inferred from an answer's helper is
    /// taken apart each time: its spelling is that answer's, so a memo of them would only grow.
    var shape: Shape {
        guard inferredFrom == nil else { return takenApart }
        if let known = Self.listedShapes.withLock({ $0[api] }) { return known }
        let shape = takenApart
        Self.listedShapes.withLock { $0[api] = shape }
        return shape
    }

    /// The listed restrictions' shapes by spelling (a shape depends on the spelling alone).
    private static let listedShapes = Mutex<[String: Shape]>([:])

    private var takenApart: Shape {
        let parts = SwiftTokenizer.tokens(of: api).map(\.text)
        if inferredFrom != nil {
            return Shape(receiver: .anyOrNone, member: parts.first ?? api, tail: Array(parts.dropFirst()))
        }
        if parts.first == ".", parts.count >= 2 {
            return Shape(receiver: .any, member: parts[1], tail: Array(parts.dropFirst(2)))
        }
        if parts.count >= 3, parts[1] == "." {
            return Shape(receiver: .type(parts[0]), member: parts[2], tail: Array(parts.dropFirst(3)))
        }
        return Shape(receiver: .none, member: parts.first ?? api, tail: Array(parts.dropFirst()))
    }
}
