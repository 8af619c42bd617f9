/// The calls the isolation-modes lesson makes from the main actor, the same in every mode.
public enum ModeCall: String, CaseIterable, Sendable, Codable {
    case model, service, freeFunction, nonisolatedFunction, concurrentFunction, conformanceOnMain, conformanceOffMain

    /// The call, short enough for a table's first column.
    public var label: String {
        switch self {
        case .model: "GalleryModel (caller)"
        case .service: "service.fetchPhotos()"
        case .freeFunction: "makeCaption(for:)"
        case .nonisolatedFunction: "measureSharpness(of:)"
        case .concurrentFunction: "resize(_:)"
        case .conformanceOnMain: "cast, on main actor"
        case .conformanceOffMain: "cast, in @concurrent"
        }
    }

    /// The declaration the call reaches, as the app's code has it.
    public var declaration: String {
        switch self {
        case .model: "@MainActor final class GalleryModel"
        case .service: "struct PhotoService { func fetchPhotos() async }"
        case .freeFunction: "func makeCaption(for:) async"
        case .nonisolatedFunction: "nonisolated func measureSharpness(of:) async"
        case .concurrentFunction: "@concurrent nonisolated func resize(_:) async"
        case .conformanceOnMain, .conformanceOffMain:
            "extension Photo: CustomStringConvertible; (photo as Any) is any CustomStringConvertible"
        }
    }

    /// The calls that do CPU work, whose effect on the main actor is timed.
    public var works: Bool { [.freeFunction, .nonisolatedFunction, .concurrentFunction].contains(self) }
}

/// What one call did in one mode: where it ran, read from `#isolation` inside the callee.
public struct ModeObservation: Sendable, Codable, Equatable {
    public let call: ModeCall
    public let ranOn: Isolation
    /// How long a main-actor job queued just before the call had to wait (calls that work).
    public var mainActorWaited: Double?
    /// How long the call itself took, seen from the main actor: the yardstick for the wait
    /// (the helpers' CPU work is calibrated once per process, so its length varies with load).
    public var callSeconds: Double?
    /// For the dynamic casts: whether the conformance could be used there.
    public var conformanceUsable: Bool?

    public init(
        call: ModeCall, ranOn: Isolation, mainActorWaited: Double? = nil, callSeconds: Double? = nil,
        conformanceUsable: Bool? = nil
    ) {
        self.call = call
        self.ranOn = ranOn
        self.mainActorWaited = mainActorWaited
        self.callSeconds = callSeconds
        self.conformanceUsable = conformanceUsable
    }

    /// The wait was at least `share` of the call: a job queued on the main actor could not
    /// run while the call did its work. Without a timed call, `work` is the yardstick.
    public func heldTheMainActor(share: Double, work: Double) -> Bool? {
        mainActorWaited.map { $0 >= (callSeconds ?? work) * share }
    }
}

/// What each compiled copy of the isolation-modes lesson's app code offers the lesson.
public protocol IsolationModeApp {
    /// The upcoming features this copy's compiler reported (`#if hasFeature`).
    @MainActor static var enabledFeatures: [String] { get }
    /// Where each call ran, from the main actor, with `seconds` of CPU work in the helpers.
    @MainActor static func placesOfCalls(working seconds: Double) async -> [ModeObservation]
    /// Seconds per call of a trivial async method from the main actor.
    @MainActor static func secondsPerServiceCall(_ calls: Int) async -> Double
    /// Where bare code runs when a @concurrent function calls it.
    @MainActor static func defaultIsolation() async -> Isolation
}
