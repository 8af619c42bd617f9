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
    /// How long the call itself took, seen from the main actor: what the lesson says the work
    /// took (the helpers' CPU work is calibrated once per process, so its length varies with load).
    public var callSeconds: Double?
    /// Whether that job ran before the call came back to the main actor: the second witness.
    /// The main actor runs its jobs in the order they came, and the job came first, so it runs
    /// first whenever the call lets go of the main actor, however late the OS runs its thread;
    /// it runs after only when the call kept the main actor to the end. Order, not a duration.
    public var jobRanBeforeCallReturned: Bool?
    /// Of the job's wait, the time the main actor's thread spent ready to run but waiting for a
    /// CPU (ThreadCPUWait; nil where the OS does not say, or the job ran on another thread).
    public var mainThreadWaitedForCPU: Double?
    /// For the dynamic casts: whether the conformance could be used there.
    public var conformanceUsable: Bool?

    public init(
        call: ModeCall, ranOn: Isolation, mainActorWaited: Double? = nil, callSeconds: Double? = nil,
        jobRanBeforeCallReturned: Bool? = nil, mainThreadWaitedForCPU: Double? = nil, conformanceUsable: Bool? = nil
    ) {
        self.call = call
        self.ranOn = ranOn
        self.mainActorWaited = mainActorWaited
        self.callSeconds = callSeconds
        self.jobRanBeforeCallReturned = jobRanBeforeCallReturned
        self.mainThreadWaitedForCPU = mainThreadWaitedForCPU
        self.conformanceUsable = conformanceUsable
    }

    /// The call kept the main actor from its start to its return: the job queued before it
    /// could run only after it. Nil for a call that was not watched.
    public var heldTheMainActor: Bool? { jobRanBeforeCallReturned.map { !$0 } }
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
